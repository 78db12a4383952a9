import { fitsOneAnswer, handOut, type ExportFile } from '../domain/export';
import { withCompression } from './compression';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { json } from './response';

/**
 * An export file as the answer: inline when it fits one Lambda answer (CSV compressed for
 * clients that take gzip; an XLSX file is a zip already), otherwise stored privately and
 * answered 303 with a link that expires (lib/storage/exports.ts). `asLink` (`tautan=1`): stored
 * the same way whatever its size, and the link answered 200 as JSON, with the file's name.
 */
export async function fileAnswer(file: ExportFile, request: Record<string, string>, asLink = false): Promise<APIGatewayProxyResult> {
  if (asLink) {
    const link = await handOut(file);
    return json(200, { data: { url: link.url, nama_berkas: file.name, expires_at: link.expires_at } });
  }
  const headers = {
    'Content-Type': file.contentType,
    'Content-Disposition': `attachment; filename="${file.name}"`,
    'X-Content-Type-Options': 'nosniff',
  };
  const answer = file.name.endsWith('.csv')
    ? withCompression({ statusCode: 200, headers, body: file.bytes.toString('utf8') }, request)
    : { statusCode: 200, headers, body: file.bytes.toString('base64'), isBase64Encoded: true };
  // (bytes as Lambda counts them: the whole answer as JSON)
  if (fitsOneAnswer(Buffer.byteLength(JSON.stringify(answer)))) return answer;
  const link = await handOut(file);
  return json(303, { data: link }, { Location: link.url });
}
