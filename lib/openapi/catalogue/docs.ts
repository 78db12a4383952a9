/** The catalogue of functions/docs: this document and its viewer. */
import * as z from 'zod';
import { area, htmlPage, pageAsset, type AreaDocs } from './shared';

const entry = area('Dokumentasi');

export const DOCS_DOCS = {
  'GET /openapi.json': entry(
    'This OpenAPI 3.1 document',
    {
      description: 'Generated from the code: the route table, the zod request schemas and the message texts.',
      success: { status: 200, description: 'The OpenAPI document', schema: z.object({ openapi: z.string() }).loose() },
    },
    { trips: 0, why: 'built from code' },
  ),
  'GET /docs': entry(
    'Swagger UI for this document',
    htmlPage('An HTML page; its scripts and styles come from this API (`GET /docs/{asset}`), not from a CDN.'),
    { trips: 0, why: 'static' },
  ),
  'GET /docs/{asset}': entry(
    'A Swagger UI script or stylesheet',
    pageAsset('One of `swagger-ui-bundle.js`, `swagger-ui.css`, `init.js`.'),
    { trips: 0, why: 'static' },
  ),
} satisfies AreaDocs;
