/**
 * Drives the import worker for one import until it has left the given states. Test files run in
 * parallel against one table, and every worker run takes every waiting import: another file's
 * run may hold this import's claim (or have finished it) when ours starts, so one call of
 * runImportWork is not enough to know this import was worked.
 */
import { getImport, type ImportRecord } from '../../lib/db/imports';
import { runImportWork } from '../../lib/domain/import-apply';

const WORKING: ImportRecord['status'][] = ['memeriksa', 'berjalan'];

export async function workImport(id: string, until = (r: ImportRecord) => !WORKING.includes(r.status)): Promise<ImportRecord> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    await runImportWork();
    const rec = await getImport(id, true);
    if (!rec) throw new Error(`import ${id} not found`);
    if (until(rec)) return rec;
    if (Date.now() > deadline) throw new Error(`import ${id} still ${rec.status} after 60 s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
