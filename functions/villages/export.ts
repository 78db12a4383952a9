import { exportFile, exportQuery, wantsLink } from '../../lib/domain/export';
import { fileAnswer } from '../../lib/http/file-answer';
import { route } from '../../lib/http/handler';

/**
 * GET /api/desa-wisata/export: every village for an office, as a spreadsheet (XLSX) or CSV
 * file, inline or, when larger than one answer (or asked with `tautan=1`), through a link that expires.
 */
export const handler = route({ query: exportQuery }, async ({ query, headers }) =>
  fileAnswer(await exportFile(query), headers, wantsLink(query)),
);
