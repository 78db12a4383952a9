/** The catalogue of functions/scores. */
import { kdDesaParams } from '../../contract/inputs';
import { MSG } from '../../contract/messages';
import { createScoreInput, updateScoreInput } from '../../domain/score-service';
import * as R from '../responses';
import { area, byKey, createdDoc, e, filteredList, json, ok, type AreaDocs, trips } from './shared';

const entry = area('Skor');
/** The six criteria of an example score (also a review's example, ./evaluations.ts). */
export const scoreExample = {
  partisipasi_masyarakat: 85,
  keragaman_paket_wisata: 80,
  akses_tempat_wisata: 75,
  keramahan_difabel: 60,
  fasilitas_tempat_wisata: 82,
  produk_tempat_wisata: 90,
};
const noVillage = e(404, MSG.scoreVillageNotFound, 'No village with this code');

export const SCORE_DOCS = {
  'GET /api/skor': entry('Scores of every village, scored or not', filteredList(R.ScoreListItem, 'villages ∥ scores')),
  'GET /api/skor/{kd_desa}': entry('The score of a village', {
    facts: trips(1, 'the score'),
    ...byKey(kdDesaParams, R.ScoreDetail, e(404, MSG.scoreNotFound, 'The village has no score')),
  }),
  'POST /api/skor': entry('Score a village', {
    facts: trips(
      3,
      'token, the village (the category it counts), then score + village + region counters in one transaction',
      'score.created',
    ),
    description:
      'Each of the six values is a JSON number from 1 to 100 (numeric strings are refused). Total, average and category are computed.',
    request: json(createScoreInput, { kd_desa: 'DESA-a1B2c3D4e5', ...scoreExample }),
    success: createdDoc(R.ScoreResponse),
    errors: [
      e(400, MSG.scoreVillageCodeMissing, 'kd_desa is missing'),
      noVillage,
      e(409, MSG.scoreExists, 'The village already has a score'),
    ],
  }),
  'PUT /api/skor/{kd_desa}': entry('Change the score of a village', {
    facts: trips(2, 'token + village + score together, then the score (if unchanged) + village check in one transaction', 'score.updated'),
    params: kdDesaParams,
    request: json(updateScoreInput, scoreExample),
    success: ok(R.ScoreResponse),
    errors: [noVillage, e(404, MSG.scoreNotFound, 'The village has no score yet (use POST)')],
  }),
} satisfies AreaDocs;
