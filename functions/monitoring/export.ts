import { wantsLink } from '../../lib/domain/export';
import { monitoringExport, monitoringExportQuery } from '../../lib/domain/monitoring';
import { fileAnswer } from '../../lib/http/file-answer';
import { route } from '../../lib/http/handler';

/** GET /api/pemantauan/export: a year's monthly reports, one row per village and month, as XLSX or CSV. */
export const handler = route({ query: monitoringExportQuery }, async ({ query, headers }) =>
  fileAnswer(await monitoringExport(query), headers, wantsLink(query)),
);
