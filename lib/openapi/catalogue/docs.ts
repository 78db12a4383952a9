/** The catalogue of functions/docs: this document and its viewer. */
import * as z from 'zod';
import { area, htmlPage, pageAsset, type AreaDocs, trips } from './shared';

const entry = area('Dokumentasi');

export const DOCS_DOCS = {
  'GET /openapi.json': entry('This OpenAPI 3.1 document', {
    facts: trips(0, 'built from code'),
    description: 'Generated from the code: the route table, the zod request schemas and the message texts.',
    success: { status: 200, description: 'The OpenAPI document', schema: z.object({ openapi: z.string() }).loose() },
  }),
  'GET /docs': entry('Swagger UI for this document', {
    facts: trips(0, 'static'),
    ...htmlPage('An HTML page; its scripts and styles come from this API (`GET /docs/{asset}`), not from a CDN.'),
  }),
  'GET /docs/{asset}': entry('A Swagger UI script or stylesheet', {
    facts: trips(0, 'static'),
    ...pageAsset('One of `swagger-ui-bundle.js`, `swagger-ui.css`, `init.js`.'),
  }),
} satisfies AreaDocs;
