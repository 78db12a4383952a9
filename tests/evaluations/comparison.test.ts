/**
 * The rekap's comparison over the same villages (`n_banding`, `rata_rata_banding`): the mean
 * self-score and the mean review of the villages both submitted and reviewed, kept by the
 * assessment writes' counters, checked against a recount of the round's assessments after
 * every step of villages moving through submission, return, resubmission, draft and published
 * reviews; and a round opened before the comparison existed: none shown until it is recounted.
 */
import { describe, expect, it } from 'vitest';
import { handler as returnIt } from '../../functions/evaluations/return';
import { handler as summary } from '../../functions/evaluations/summary';
import { COMPARISON_COUNTERS, roundAssessments } from '../../lib/db/evaluations';
import { rebuildRoundComparison } from '../../lib/db/evaluation-rebuild';
import { beginsWith, keyQuery, updateInput } from '../../lib/db/expression';
import { queryAll, updateItem } from '../../lib/db/helpers';
import { keys } from '../../lib/db/keys';
import { SCORE_FIELDS } from '../../lib/db/scores';
import { invoke, uniqueName } from '../support/api';
import { idPath, newRound, R, rounds, saveDraft, SIX, V, vPath } from '../support/evaluations';
import { makeUser } from '../support/users';
import { makeVillage } from '../support/villages';

const { send, rate } = rounds;
const rekap = async (id: string, token: string) => {
  const res = await invoke(summary, { method: 'GET', resource: `${R}/rekap`, pathParameters: idPath(id), token });
  expect(res.statusCode).toBe(200);
  return res.body.data;
};
const giveBack = (id: string, kd: string, token: string) =>
  invoke(returnIt, {
    method: 'POST',
    resource: `${V}/kembalikan`,
    pathParameters: vPath(id, kd),
    body: { catatan: 'Lengkapi bukti' },
    token,
  });

/** Six values shifted by `by` (each stays within 1–100). */
const shifted = (by: number) => Object.fromEntries(Object.entries(SIX).map(([f, v]) => [f, v + by]));
const mean = (values: number[]) => (values.length ? Math.round((values.reduce((s, v) => s + v, 0) / values.length) * 100) / 100 : null);

/** The comparison recounted from the round's assessments (of a kabupaten): those submitted and reviewed. */
async function recount(id: string, kabupaten?: string) {
  const both = (await roundAssessments(id)).filter(
    (a) => (!kabupaten || a.kabupaten === kabupaten) && a.diajukan_at && a.mandiri && a.penilaian,
  );
  const per = (value: (a: (typeof both)[number], f: (typeof SCORE_FIELDS)[number]) => number) =>
    Object.fromEntries(SCORE_FIELDS.map((f) => [f, mean(both.map((a) => value(a, f)))]));
  return {
    kd: both.map((a) => a.kd_desa).sort(),
    n_banding: both.length,
    rata_rata_banding: { mandiri: per((a, f) => a.mandiri!.nilai[f]!), dinas: per((a, f) => a.penilaian!.nilai[f]) },
  };
}

/** The rekap's comparison, overall and per kabupaten, is the recount's; overall it is over `expected` villages. */
async function expectMatchesRecount(id: string, token: string, expected: string[]) {
  const sum = await rekap(id, token);
  const all = await recount(id);
  expect(all.kd).toEqual([...expected].sort());
  expect({ n_banding: sum.n_banding, rata_rata_banding: sum.rata_rata_banding }).toEqual({
    n_banding: all.n_banding,
    rata_rata_banding: all.rata_rata_banding,
  });
  for (const w of sum.wilayah as { kabupaten: string; n_banding: number; rata_rata_banding: unknown }[]) {
    const own = await recount(id, w.kabupaten);
    expect({ n_banding: w.n_banding, rata_rata_banding: w.rata_rata_banding }, w.kabupaten).toEqual({
      n_banding: own.n_banding,
      rata_rata_banding: own.rata_rata_banding,
    });
  }
  return sum;
}

/** A province of its own with `n` villages of one manager, over two kabupaten. */
async function region(n: number) {
  const provinsi = uniqueName('Provinsi Banding');
  const [dinas, owner] = await Promise.all([makeUser('dinas'), makeUser('pengelola')]);
  const villages: string[] = [];
  for (let i = 0; i < n; i++) villages.push((await makeVillage(owner, { provinsi, kabupaten: i % 3 === 2 ? 'Bantul' : 'Sleman' })).kd_desa);
  return { provinsi, dinas, owner, villages };
}

describe('the comparison over the same villages', () => {
  it('follows submission, return, resubmission, draft and published reviews, overall and per kabupaten', async () => {
    const { provinsi, dinas, owner, villages } = await region(7);
    const [a, b, c, d, e, f, g] = villages as [string, string, string, string, string, string, string];
    const id = await newRound(dinas.token, { provinsi });
    const submit = async (kd: string, by: number) => {
      await saveDraft(id, kd, owner.token, shifted(by));
      expect((await send(id, kd, owner.token)).statusCode).toBe(200);
    };
    const review = async (kd: string, by: number, terbitkan = true) =>
      expect((await rate(id, kd, { ...shifted(-by), terbitkan }, dinas.token)).statusCode).toBe(200);

    // nothing both submitted and reviewed yet: n 0, every mean null
    const empty = await expectMatchesRecount(id, dinas.token, []);
    expect(empty.n_banding).toBe(0);
    expect(empty.rata_rata_banding.mandiri.partisipasi_masyarakat).toBeNull();

    for (const [i, kd] of [a, b, c, e, f, g].entries()) await submit(kd, i + 1);
    await expectMatchesRecount(id, dinas.token, []);
    await review(a, 2); // a (Sleman): submitted and reviewed
    await review(c, 8); // c (Bantul): the same
    await expectMatchesRecount(id, dinas.token, [a, c]);
    await review(a, 10); // a corrected: its new review replaces the old in the sums
    await saveDraft(id, d, owner.token, shifted(4));
    await review(d, 3); // d: a draft reviewed without submission — not compared
    await review(b, 5, false); // b: only the office's draft review — not compared
    await expectMatchesRecount(id, dinas.token, [a, c]);

    // e returned (its self-scores leave), corrected and submitted again, then reviewed
    expect((await giveBack(id, e, dinas.token)).statusCode).toBe(200);
    await saveDraft(id, e, owner.token, shifted(9));
    expect((await send(id, e, owner.token)).statusCode).toBe(200);
    await review(e, 1);
    // f returned and reviewed while returned: not submitted any more, so not compared
    expect((await giveBack(id, f, dinas.token)).statusCode).toBe(200);
    await review(f, 6);
    // b's draft review published; g stays submitted only
    await review(b, 7);
    const sum = await expectMatchesRecount(id, dinas.token, [a, b, c, e]);

    // the other figures keep their own sets: self-scores of every submitted, reviews of every reviewed
    expect(sum).toMatchObject({ mandiri_diajukan: 5, dinilai: 6, n_banding: 4 });
    const bantul = (await recount(id, 'Bantul')).n_banding;
    expect(bantul).toBe(1);
  });

  it('a round opened before it was counted shows none until recounted; then the writes keep it exact', async () => {
    const { provinsi, dinas, owner, villages } = await region(3);
    const [a, b, c] = villages as [string, string, string];
    const id = await newRound(dinas.token, { provinsi });
    for (const kd of [a, b, c]) {
      await saveDraft(id, kd, owner.token, shifted(2));
      expect((await send(id, kd, owner.token)).statusCode).toBe(200);
    }
    expect((await rate(id, a, shifted(-3), dinas.token)).statusCode).toBe(200);
    // as the round and its counters were before: no mark, no comparison counters
    await updateItem(updateInput(keys.evaluation(id), { remove: ['rekap_banding'] }));
    const counters = await queryAll<{ PK: string; SK: string }>(
      keyQuery({ pk: ['PK', keys.evaluationPartition(id)], sk: beginsWith('SK', 'REKAP#'), fields: ['PK', 'SK'] }),
    );
    for (const k of counters) await updateItem(updateInput({ PK: k.PK, SK: k.SK }, { remove: COMPARISON_COUNTERS }));

    const old = await rekap(id, dinas.token);
    expect(old).toMatchObject({ n_banding: null, rata_rata_banding: null, dinilai: 1 });
    expect(old.wilayah.every((w: { n_banding: unknown }) => w.n_banding === null)).toBe(true);
    // a write on the old round moves its counters from a wrong base: still none shown
    expect((await rate(id, a, shifted(-6), dinas.token)).statusCode).toBe(200);
    expect((await rate(id, b, shifted(-1), dinas.token)).statusCode).toBe(200);
    expect((await rekap(id, dinas.token)).n_banding).toBeNull();

    expect(await rebuildRoundComparison(id)).toBe('rebuilt');
    await expectMatchesRecount(id, dinas.token, [a, b]);
    expect((await rate(id, c, shifted(-4), dinas.token)).statusCode).toBe(200);
    await expectMatchesRecount(id, dinas.token, [a, b, c]);
    // idempotent
    expect(await rebuildRoundComparison(id)).toBe('rebuilt');
    await expectMatchesRecount(id, dinas.token, [a, b, c]);
  });
});
