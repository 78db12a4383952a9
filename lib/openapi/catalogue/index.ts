/**
 * The route catalogue of the OpenAPI document: for every route of the route table (except
 * the catch-all), what it does, what it takes (the very zod schemas its handler parses
 * with: its `handler.input`, tests/docs/inputs.test.ts), what it answers, and the error
 * texts (from MSG) it can give, and its facts: its fewest DynamoDB round trips and the
 * history actions a write records (the round-trip and history tests hold the code to
 * them; the tests' sample requests come from the entries). One file per area of functions/; shared errors and shapes
 * in ./shared.ts. The access rule itself, its 401/403 texts and the generic 500 come from
 * the route table and are added by ../document.ts. `ROUTE_DOCS` is typed
 * `Record<DocumentedRoute, RouteDoc>`, so a new route in the table is a type error until
 * its area documents it.
 */
import type { RouteKey } from '../../auth/access-rules';
import { MSG } from '../../contract/messages';
import { ATTRACTION_DOCS } from './attractions';
import { AUTH_DOCS } from './auth';
import { DOCS_DOCS } from './docs';
import { EVALUATION_DOCS } from './evaluations';
import { HISTORY_DOCS } from './history';
import { IMPORT_DOCS } from './import';
import { MONITORING_DOCS } from './monitoring';
import { STATISTICS_DOCS } from './statistics';
import { REQUEST_DOCS } from './requests';
import { SCORE_DOCS } from './scores';
import type { DocumentedRoute, RouteDoc } from './shared';
import { STATUS_DOCS } from './statuses';
import { TOURISM_DOCS } from './tourism';
import { UPLOAD_DOCS } from './uploads';
import { USER_DOCS } from './users';
import { VILLAGE_DESCRIPTION_DOCS } from './village-descriptions';
import { VILLAGE_DOCS } from './villages';

export type { DocumentedRoute, ErrorDoc, RequestDoc, RouteDoc, RouteFacts } from './shared';

export const TAGS = [
  { name: 'Akun', description: 'Registration, login, password reset, account verification, token check.' },
  { name: 'Desa wisata', description: 'Tourism villages.' },
  { name: 'Deskripsi wisata', description: 'Tourism descriptions and their items (attractions, lodging, packages, souvenirs), uploads.' },
  { name: 'Deskripsi desa', description: 'Village descriptions with their gallery.' },
  { name: 'Permintaan', description: 'Village registration requests.' },
  { name: 'Status desa', description: 'Operating statuses of villages.' },
  { name: 'Skor', description: 'Village scores and categories.' },
  { name: 'Pengguna', description: 'The user list.' },
  { name: 'Evaluasi', description: 'Evaluation rounds: self-assessment, review (it becomes the score), progress.' },
  { name: 'Riwayat', description: 'History: every change with who made it and when (monitoring over time).' },
  {
    name: 'Pemantauan',
    description: 'Monitoring: each village’s monthly figures (visitors, revenue, jobs), their verification, the region’s totals.',
  },
  { name: 'Impor', description: 'Bulk import of an office’s spreadsheets: villages and monthly figures, checked first, then applied.' },
  { name: 'Dokumentasi', description: 'This document and its viewer.' },
] as const;

export const ROUTE_DOCS: Record<DocumentedRoute, RouteDoc> = {
  ...AUTH_DOCS,
  ...VILLAGE_DOCS,
  ...TOURISM_DOCS,
  ...UPLOAD_DOCS,
  ...ATTRACTION_DOCS,
  ...REQUEST_DOCS,
  ...STATUS_DOCS,
  ...VILLAGE_DESCRIPTION_DOCS,
  ...SCORE_DOCS,
  ...USER_DOCS,
  ...HISTORY_DOCS,
  ...EVALUATION_DOCS,
  ...MONITORING_DOCS,
  ...IMPORT_DOCS,
  ...STATISTICS_DOCS,
  ...DOCS_DOCS,
};

/** Routes whose domain refuses a caller who does not own the village the request names (they list that 403). */
export const ownerOnly = (route: RouteKey): boolean =>
  route !== 'ANY /{proxy+}' && (ROUTE_DOCS[route].errors?.some((e) => e.message === MSG.villageOwnerOnly) ?? false);
