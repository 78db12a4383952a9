import { toPublicStatus, type StatusRecord } from '../db/statuses';
import type { VillageRecord } from '../db/villages';

/**
 * The status page sends `status: "tidak aktif"` for an inactive village. Only
 * unambiguous synonyms are mapped to the contract's value; every other word stays a 400.
 */
const STATUS_SYNONYMS: Record<string, string> = { 'tidak aktif': 'nonaktif' };

/** A status body with the web app's synonym replaced by the contract's value (anything else untouched). */
export function fromWebAppStatus(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const b = body as Record<string, unknown>;
  const synonym = typeof b.status === 'string' ? STATUS_SYNONYMS[b.status.trim().toLowerCase().replace(/\s+/g, ' ')] : undefined;
  return synonym ? { ...b, status: synonym } : body;
}

/** GET /api/status-desa items: the page also shows the village's name and filters by province and regency. */
export const statusForWebApp = ({
  status,
  village,
}: {
  status: StatusRecord;
  village: Pick<VillageRecord, 'nama_desa' | 'provinsi' | 'kabupaten'> | null;
}) => ({
  ...toPublicStatus(status),
  nama_desa_wisata: village?.nama_desa ?? null,
  provinsi: village?.provinsi ?? null,
  kabupaten: village?.kabupaten ?? null,
});
