import { MSG } from '../../lib/contract/messages';
import { exportFile, exportQuery, fitsOneAnswer, handOut } from '../../lib/domain/export';
import { withCompression } from '../../lib/http/compression';
import { route } from '../../lib/http/handler';
import { json } from '../../lib/http/response';

/**
 * GET /api/desa-wisata/export: every village for an office, as a spreadsheet (XLSX) or CSV
 * file. Answered inline when the answer fits one Lambda answer; otherwise the file is
 * stored privately and the answer is 303 to a link that expires (lib/storage/exports.ts).
 */
export const handler = route({ query: exportQuery, invalid: MSG.exportQueryInvalid }, async ({ query, headers: request }) => {
  const file = await exportFile(query);
  const headers = {
    'Content-Type': file.contentType,
    'Content-Disposition': `attachment; filename="${file.name}"`,
    'X-Content-Type-Options': 'nosniff',
  };
  // CSV is text, compressed for clients that take gzip; an XLSX file is a zip already
  const answer =
    query.format === 'csv'
      ? withCompression({ statusCode: 200, headers, body: file.bytes.toString('utf8') }, request)
      : { statusCode: 200, headers, body: file.bytes.toString('base64'), isBase64Encoded: true };
  // (bytes as Lambda counts them: the whole answer as JSON)
  if (fitsOneAnswer(Buffer.byteLength(JSON.stringify(answer)))) return answer;
  const link = await handOut(file);
  return json(303, { data: link }, { Location: link.url });
});
