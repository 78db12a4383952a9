/**
 * The lib/ functions the bench seeds with, bundled on their own (bench/.build/seed) so
 * that each bench table gets a fresh copy: lib/ reads TABLE_NAME once per process.
 */
export { registerUser } from '../../lib/auth/accounts';
export { signToken } from '../../lib/auth/jwt';
export { getUserByEmail, users } from '../../lib/db/users';
export { createVillage } from '../../lib/domain/villages';
export { historyOf, SYSTEM } from '../../lib/db/history';
export { accountCounts, contributionOf, readRegionCounters, regionCounts, regionKey, sum } from '../../lib/db/stats';
export { createRound } from '../../lib/domain/evaluations';
export { createScore, createScoreInput } from '../../lib/domain/score-service';
export { createTourismDescription, createTourismInput } from '../../lib/domain/tourism-descriptions';
export { keys } from '../../lib/db/keys';
export { slugify } from '../../lib/contract/slug';
export { newCode } from '../../lib/contract/codes';
export { computeScore } from '../../lib/domain/scores';
export { SCORE_FIELDS, scores } from '../../lib/db/scores';
export { villages } from '../../lib/db/villages';
export { requests } from '../../lib/db/requests';
export { tourismDescriptions } from '../../lib/db/tourism-descriptions';
export { tableName, db } from '../../lib/db/client';
export { drainOutbox } from '../../lib/domain/notifications';
export { sendMail } from '../../lib/mail/ses';
export { roundOpenedMail } from '../../lib/mail/templates';
export { config } from '../../lib/platform/config';
