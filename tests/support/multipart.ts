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

/**
 * The smallest headers that parse as a 2×3 image of each format (what the service's
 * image check reads); the helpers below add random bytes so every call is unique.
 */
export const IMAGE_HEADERS = {
  png: Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
    Buffer.from('IHDR'),
    Buffer.from([0, 0, 0, 2, 0, 0, 0, 3, 8, 2, 0, 0, 0, 0, 0, 0, 0]),
  ]),
  jpeg: Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0'),
    Buffer.from([1, 1, 0, 0, 1, 0, 1, 0, 0]),
    Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0, 3, 0, 2, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]),
  ]),
  webp: Buffer.concat([
    Buffer.from('RIFF'),
    Buffer.alloc(4),
    Buffer.from('WEBPVP8X'),
    Buffer.from([10, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 2, 0, 0]),
  ]),
};

function image(header: Buffer, size: number): Buffer {
  const b = Buffer.concat([header, randomBytes(Math.max(0, size - header.length))]);
  if (b.toString('latin1', 0, 4) === 'RIFF') b.writeUInt32LE(b.length - 8, 4);
  return b;
}

/** A PNG (by its header), unique each call. */
export const png = (size = 256) => image(IMAGE_HEADERS.png, size);
export const jpeg = (size = 256) => image(IMAGE_HEADERS.jpeg, size);
export const webp = (size = 256) => image(IMAGE_HEADERS.webp, size);
