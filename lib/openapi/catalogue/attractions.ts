/** The catalogue of functions/attractions. */
import * as z from 'zod';
import { area, okData, type AreaDocs, trips } from './shared';
import * as R from '../responses';

const entry = area('Deskripsi wisata');

export const ATTRACTION_DOCS = {
  'GET /api/atraksi-wisata': entry('Up to 8 random attractions that have an image (home page)', {
    facts: trips(3, 'attraction index from a random point (and the wrap-around), then their villages'),
    success: okData(z.array(R.Attraction).max(8)),
  }),
} satisfies AreaDocs;
