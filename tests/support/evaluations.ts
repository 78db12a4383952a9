import { handler as createRound } from '../../functions/evaluations/create';
import { handler as saveSelfAssessment } from '../../functions/evaluations/self-assess';
import { handler as updateRound } from '../../functions/evaluations/update';
import { handler as getRound } from '../../functions/evaluations/get';
import { handler as deleteRound } from '../../functions/evaluations/delete';
import { handler as submit } from '../../functions/evaluations/submit';
import { handler as review } from '../../functions/evaluations/review';
import { handler as villageAssessment } from '../../functions/evaluations/village';
import { today } from '../../lib/domain/evaluations';
import { invoke } from './api';
import { SIX } from './criteria';

/** The day `days` from today (Western Indonesian Time), YYYY-MM-DD. */
export const day = (days: number) => new Date(Date.parse(`${today()}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A round body: open for self-assessment today (started yesterday, closes in 10 days, ends in 20); override any field. */
export const roundBody = (overrides: Record<string, unknown> = {}) => ({
  nama: `Evaluasi ${Math.random().toString(36).slice(2, 8)}`,
  mulai: day(-1),
  batas_mandiri: day(10),
  selesai: day(20),
  ...overrides,
});

/** Opens a round through the real POST handler (dinas or admin token); its code. */
export async function newRound(token: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await invoke(createRound, { method: 'POST', resource: '/api/evaluasi', body: roundBody(overrides), token });
  if (res.statusCode !== 201) throw new Error(`round creation failed: ${res.statusCode} ${JSON.stringify(res.body)}`);
  return res.body.data.id_evaluasi;
}

export { SIX };

/** Saves a complete draft of the owner's village through the real PUT handler. */
export async function saveDraft(id: string, kd: string, token: string, body: Record<string, unknown> = SIX) {
  const res = await rounds.draft(id, kd, body, token);
  if (res.statusCode !== 200) throw new Error(`draft failed: ${res.statusCode} ${JSON.stringify(res.body)}`);
  return res;
}

/** A round's resource, and one village's assessment in it. */
export const R = '/api/evaluasi/{id_evaluasi}';
export const V = `${R}/desa/{kd_desa}`;
export const idPath = (id: string) => ({ id_evaluasi: id });
export const vPath = (id: string, kd: string) => ({ id_evaluasi: id, kd_desa: kd });

/** The evaluation routes through their real handlers, as the tests call them. */
export const rounds = {
  post: (body: unknown, token?: string) => invoke(createRound, { method: 'POST', resource: '/api/evaluasi', body, token }),
  put: (id: string, body: unknown, token: string) =>
    invoke(updateRound, { method: 'PUT', resource: R, pathParameters: idPath(id), body, token }),
  del: (id: string, token: string) => invoke(deleteRound, { method: 'DELETE', resource: R, pathParameters: idPath(id), token }),
  getOne: (id: string, token: string) => invoke(getRound, { method: 'GET', resource: R, pathParameters: idPath(id), token }),
  draft: (id: string, kd: string, body: unknown, token: string) =>
    invoke(saveSelfAssessment, { method: 'PUT', resource: `${V}/mandiri`, pathParameters: vPath(id, kd), body, token }),
  send: (id: string, kd: string, token: string) =>
    invoke(submit, { method: 'POST', resource: `${V}/mandiri/ajukan`, pathParameters: vPath(id, kd), token }),
  rate: (id: string, kd: string, body: unknown, token: string) =>
    invoke(review, { method: 'PUT', resource: `${V}/penilaian`, pathParameters: vPath(id, kd), body, token }),
  one: (id: string, kd: string, token: string) =>
    invoke(villageAssessment, { method: 'GET', resource: V, pathParameters: vPath(id, kd), token }),
};
