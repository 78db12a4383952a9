import type { APIGatewayProxyEvent } from 'aws-lambda';
import { createHash } from 'node:crypto';
import busboy from 'busboy';
import { MSG } from '../contract/messages';
import { checkBodyCeiling } from './body';
import { DomainError, invalid, tooLarge } from '../contract/errors';

export type { MultipartLimits, UploadedFile } from '../contract/files';
import type { MultipartLimits, UploadedFile } from '../contract/files';

export interface MultipartForm {
  fields: Record<string, string>;
  files: UploadedFile[];
}

export const isMultipart = (contentType: string | undefined) => /^multipart\/form-data\b/i.test(contentType ?? '');

/** The request body as bytes, refusing bodies over the Lambda payload ceiling. */
export function bodyBytes(event: Pick<APIGatewayProxyEvent, 'body' | 'isBase64Encoded'>): Buffer {
  checkBodyCeiling(event);
  const body = event.body ?? '';
  return event.isBase64Encoded ? Buffer.from(body, 'base64') : Buffer.from(body, 'utf8');
}

const fieldName = (name: string) => name.replace(/\[\]$/, '');

/**
 * Parses a multipart/form-data body with busboy, enforcing every limit while parsing:
 * a file over `fileSize`, too many files (overall or per field), an unknown file field,
 * too many or too large fields, or a malformed body each stop it with a 4xx.
 */
export function parseMultipart(body: Buffer, contentType: string, limits: MultipartLimits): Promise<MultipartForm> {
  return new Promise((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({
        headers: { 'content-type': contentType },
        limits: {
          // busboy reports 'limit' when a file reaches fileSize bytes, so allow one more:
          // a file of exactly `limits.fileSize` bytes passes, one byte more is refused.
          fileSize: limits.fileSize + 1,
          files: limits.files,
          fields: limits.fields,
          fieldSize: limits.fieldSize,
          parts: limits.files + limits.fields,
          headerPairs: 20,
        },
      });
    } catch {
      return reject(invalid(MSG.multipartInvalid));
    }
    const form: MultipartForm = { fields: {}, files: [] };
    const perField = new Map<string, number>();
    let failed: DomainError | undefined;
    const fail = (err: DomainError) => {
      if (!failed) {
        failed = err;
        reject(err);
      }
    };

    bb.on('file', (name, stream, info) => {
      // A truncated body errors the file stream too; without a listener that would be uncaught.
      stream.on('error', () => fail(invalid(MSG.multipartInvalid)));
      if (typeof name !== 'string') {
        stream.resume();
        return fail(invalid(MSG.multipartInvalid)); // a part without a name
      }
      const field = fieldName(name);
      const count = (perField.get(field) ?? 0) + 1;
      perField.set(field, count);
      if (!limits.fileFields.includes(field)) {
        stream.resume();
        return fail(invalid(`${MSG.fileFieldUnknown}: ${name}`));
      }
      if (count > limits.filesPerField) {
        stream.resume();
        return fail(invalid(`${MSG.tooManyFilesInField} ${name} (maksimal ${limits.filesPerField})`));
      }
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('limit', () => fail(tooLarge(limits.fileTooLarge ?? MSG.fileTooLarge)));
      stream.on('end', () => {
        if (!failed) form.files.push({ field, data: Buffer.concat(chunks), ...(info?.filename ? { name: info.filename } : {}) });
      });
    });
    bb.on('field', (name, value, info) => {
      if (typeof name !== 'string') return fail(invalid(MSG.multipartInvalid)); // a part without a name
      if (info.valueTruncated) return fail(tooLarge(MSG.fieldTooLarge));
      form.fields[fieldName(name)] = value;
    });
    bb.on('filesLimit', () => fail(invalid(`${MSG.tooManyFiles} (maksimal ${limits.files})`)));
    bb.on('fieldsLimit', () => fail(invalid(MSG.tooManyFields)));
    bb.on('partsLimit', () => fail(invalid(MSG.tooManyFields)));
    bb.on('error', () => fail(invalid(MSG.multipartInvalid)));
    bb.on('close', () => {
      if (!failed) resolve(form);
    });
    bb.end(body);
  });
}

/**
 * What a multipart body says, independent of its boundary: each part in order as
 * `[name, value]` for a field and `[name, filename, type, sha256 of its bytes]` for a file.
 * Undefined when the body is not a well-formed form (the caller then compares its bytes).
 * Used by the Idempotency-Key fingerprint (lib/http/idempotency.ts): a browser sends the same
 * form again with a new boundary, and two different forms must never look the same.
 */
export function multipartParts(body: Buffer, contentType: string): Promise<string[][] | undefined> {
  return new Promise((resolve) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({ headers: { 'content-type': contentType } });
    } catch {
      return resolve(undefined);
    }
    const parts: (string[] | Promise<string[]>)[] = [];
    bb.on('field', (name, value) => parts.push([name, value]));
    bb.on('file', (name, stream, info) => {
      const hash = createHash('sha256');
      parts.push(
        new Promise((done) => {
          stream.on('data', (chunk: Buffer) => hash.update(chunk));
          stream.on('end', () => done([name, info.filename ?? '', info.mimeType ?? '', hash.digest('base64url')]));
        }),
      );
    });
    bb.on('error', () => resolve(undefined));
    bb.on('close', () => void Promise.all(parts).then(resolve));
    bb.end(body);
  });
}
