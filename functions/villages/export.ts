import { tooLarge } from '../../lib/contract/errors';
import { MSG } from '../../lib/contract/messages';
import { exportQuery, exportRows, fitsOneAnswer, toCsv, toXlsx } from '../../lib/domain/export';
import { route } from '../../lib/http/handler';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** GET /api/desa-wisata/export: every village for an office, as a spreadsheet (XLSX) or CSV file. */
export const handler = route({ query: exportQuery, invalid: MSG.exportQueryInvalid }, async ({ query }) => {
  const rows = await exportRows(query);
  const name = `desa-wisata-${new Date().toISOString().slice(0, 10)}.${query.format}`;
  const headers = { 'Content-Disposition': `attachment; filename="${name}"`, 'X-Content-Type-Options': 'nosniff' };
  if (query.format === 'csv')
    // text, so that clients that take gzip get it compressed (lib/http/compression.ts)
    return { statusCode: 200, headers: { ...headers, 'Content-Type': 'text/csv; charset=utf-8' }, body: await toCsv(rows) };
  // (an XLSX file is a zip already: it goes as it is, and must fit one answer)
  const body = (await toXlsx(rows)).toString('base64');
  if (!fitsOneAnswer(body.length)) throw tooLarge(MSG.exportTooLarge);
  return { statusCode: 200, headers: { ...headers, 'Content-Type': XLSX }, body, isBase64Encoded: true };
});
