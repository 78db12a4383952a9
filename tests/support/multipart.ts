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

/** Bytes that are a PNG by their signature, unique each call. */
export const png = (size = 256) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(Math.max(0, size - 8))]);
export const jpeg = (size = 256) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(Math.max(0, size - 4))]);
export const webp = (size = 256) => {
  const b = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBP'), randomBytes(Math.max(0, size - 12))]);
  b.writeUInt32LE(b.length - 8, 4);
  return b;
};
