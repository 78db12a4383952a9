/** Multipart/form-data request bodies (no images made here: the bench loads this under tsx too). */
import { randomBytes } from 'node:crypto';
import type { EventInput } from './api';

export interface FilePart {
  field: string;
  data: Buffer;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body as API Gateway hands it over with binaryMediaTypes: base64. */
export function multipart(
  fields: Record<string, string>,
  files: FilePart[] = [],
): Pick<EventInput, 'body' | 'isBase64Encoded' | 'headers'> {
  const boundary = `----vitest${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename ?? 'photo.png'}"\r\nContent-Type: ${f.contentType ?? 'image/png'}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(parts).toString('base64'),
    isBase64Encoded: true,
    headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
  };
}
