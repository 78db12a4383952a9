/** The catalogue of functions/attractions. */
import * as z from 'zod';
import { okData, type AreaDocs } from './shared';
import * as R from '../responses';

export const ATTRACTION_DOCS = {
  'GET /api/atraksi-wisata': {
    tag: 'Deskripsi wisata',
    summary: 'Up to 8 random attractions that have an image (home page)',
    success: okData(z.array(R.Attraction).max(8)),
    errors: [],
  },
} satisfies AreaDocs;
