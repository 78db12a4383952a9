/** The catalogue of functions/scores. */
import * as z from 'zod';
import { kdDesaParams } from '../../contract/inputs';
import { MSG } from '../../contract/messages';
import { createScoreInput, updateScoreInput } from '../../domain/score-service';
import * as R from '../responses';
import { filteredListQuery } from '../../domain/list-filters';
import { badJson, createdDoc, e, ok, okData, filterInvalid, pagingInvalid, type AreaDocs } from './shared';

const scoreExample = {
  partisipasi_masyarakat: 85,
  keragaman_paket_wisata: 80,
  akses_tempat_wisata: 75,
  keramahan_difabel: 60,
  fasilitas_tempat_wisata: 82,
  produk_tempat_wisata: 90,
};
const scoreInvalid = e(400, MSG.scoreInvalid, 'A value is missing, not a number, or outside 1–100');
const villageMissing = e(404, MSG.scoreVillageNotFound, 'No village with this code');

export const SCORE_DOCS = {
  'GET /api/skor': {
    tag: 'Skor',
    summary: 'Scores of every village, scored or not',
    query: filteredListQuery,
    success: okData(z.array(R.ScoreListItem)),
    errors: [pagingInvalid, filterInvalid],
  },
  'GET /api/skor/{kd_desa}': {
    tag: 'Skor',
    summary: 'The score of a village',
    params: kdDesaParams,
    success: okData(R.ScoreDetail),
    errors: [e(404, MSG.scoreNotFound, 'The village has no score')],
  },
  'POST /api/skor': {
    tag: 'Skor',
    summary: 'Score a village',
    description:
      'Each of the six values is a JSON number from 1 to 100 (numeric strings are refused). Total, average and category are computed.',
    request: { kind: 'json', schema: createScoreInput, example: { kd_desa: 'DESA-a1B2c3D4e5', ...scoreExample } },
    success: createdDoc(R.ScoreResponse),
    errors: [
      badJson,
      e(400, MSG.scoreVillageCodeMissing, 'kd_desa is missing'),
      scoreInvalid,
      villageMissing,
      e(409, MSG.scoreExists, 'The village already has a score'),
    ],
  },
  'PUT /api/skor/{kd_desa}': {
    tag: 'Skor',
    summary: 'Change the score of a village',
    params: kdDesaParams,
    request: { kind: 'json', schema: updateScoreInput, example: scoreExample },
    success: ok(R.ScoreResponse),
    errors: [badJson, scoreInvalid, villageMissing, e(404, MSG.scoreNotFound, 'The village has no score yet (use POST)')],
  },
} satisfies AreaDocs;
