/** The catalogue of functions/docs: this document and its viewer. */
import * as z from 'zod';
import { assetParams } from '../../contract/inputs';
import { MSG } from '../../contract/messages';
import { e, type AreaDocs } from './shared';

export const DOCS_DOCS = {
  'GET /openapi.json': {
    tag: 'Dokumentasi',
    summary: 'This OpenAPI 3.1 document',
    description: 'Generated from the code: the route table, the zod request schemas and the message texts.',
    success: { status: 200, description: 'The OpenAPI document', schema: z.object({ openapi: z.string() }).loose() },
    errors: [],
  },
  'GET /docs': {
    tag: 'Dokumentasi',
    summary: 'Swagger UI for this document',
    description: 'An HTML page; its scripts and styles come from this API (`GET /docs/{asset}`), not from a CDN.',
    success: { status: 200, description: 'HTML page', schema: z.string(), contentType: 'text/html' },
    errors: [],
  },
  'GET /docs/{asset}': {
    tag: 'Dokumentasi',
    summary: 'A Swagger UI script or stylesheet',
    description: 'One of `swagger-ui-bundle.js`, `swagger-ui.css`, `init.js`.',
    params: assetParams,
    success: { status: 200, description: 'JavaScript or CSS', schema: z.string(), contentType: 'text/javascript' },
    errors: [e(404, MSG.notFoundRoute, 'Not one of the served files')],
  },
} satisfies AreaDocs;
