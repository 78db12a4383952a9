import type { RequestDoc } from './catalogue';
import type { JsonObject, Schemas } from './schemas';

const code = (s: string) => `\`${s}\``;

/** The OpenAPI request body of a route: a JSON body, a form (`data` plus image files, or the same data as JSON), or one file. */
export function requestBody(request: RequestDoc, opId: string, schemas: Schemas): JsonObject {
  if (request.kind === 'json') {
    return {
      required: true,
      ...(request.description ? { description: request.description } : {}),
      content: {
        'application/json': {
          schema: schemas.convert(request.schema),
          ...(request.example !== undefined ? { example: request.example } : {}),
        },
      },
    };
  }
  if (request.kind === 'file') {
    const field = request.limits.fileFields[0]!;
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: [field],
            properties: {
              [field]: {
                type: 'string',
                format: 'binary',
                contentMediaType: 'application/octet-stream',
                description: request.description,
                ...(request.example ? { examples: [request.example.text] } : {}),
              },
            },
          },
        },
      },
    };
  }
  // A `data` field (JSON text) plus image files; or the same data as application/json.
  const name = `${opId[0]!.toUpperCase()}${opId.slice(1)}Data`;
  schemas.components[name] = schemas.convert(request.schema);
  const ref = { $ref: `#/components/schemas/${name}` };
  const files = Object.fromEntries(
    request.files.map((f) => [
      f.field,
      {
        type: 'array',
        maxItems: f.maxFiles,
        description: `${f.description} JPEG, PNG or WebP (recognised by their bytes), at most 5 MB each. The field name may also be sent without \`[]\`.`,
        items: { type: 'string', format: 'binary', contentMediaType: 'application/octet-stream' },
      },
    ]),
  );
  return {
    required: true,
    description:
      (request.description ? `${request.description}\n\n` : '') +
      `multipart/form-data: field \`data\` holds the JSON text of ${code(name)}; image files go in ${request.files.map((f) => code(f.field)).join(', ')}. ` +
      'Without files, application/json works too: `{"data": <object or JSON text>}` or the object itself. ' +
      'On AWS one request carries at most about 4.4 MB of files (Lambda’s 6 MB payload limit, base64).',
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          required: ['data'],
          properties: {
            data: {
              type: 'string',
              description: `JSON text of ${code(name)}`,
              contentMediaType: 'application/json',
              contentSchema: ref,
              examples: [JSON.stringify(request.example)],
            },
            ...files,
          },
        },
      },
      'application/json': {
        schema: {
          anyOf: [
            {
              type: 'object',
              required: ['data'],
              properties: { data: { anyOf: [ref, { type: 'string', contentMediaType: 'application/json', contentSchema: ref }] } },
            },
            ref,
          ],
        },
        example: { data: request.example },
      },
    },
  };
}
