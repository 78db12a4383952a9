import type * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../lib/contract/errors';
import { isPlainLine } from '../../lib/contract/inputs';
import { MSG } from '../../lib/contract/messages';
import { asRefusal, declaredRefusal, parseInput } from '../../lib/contract/validation';
import { reviewInput, roundInput, ROUND_YEARS, selfAssessmentInput } from '../../lib/domain/evaluations';
import { notificationSwitchesInput } from '../../lib/domain/notifications';
import { SIX } from '../support/criteria';

/**
 * The evaluation inputs (and the notification switches) parsed as the route wrapper parses
 * them: with the refusal declared with each schema (lib/contract/validation.ts).
 */
const parse = (schema: z.ZodType, value: unknown) => parseInput(schema, value, asRefusal(declaredRefusal(schema)));
function refused(schema: z.ZodType, value: unknown): string {
  try {
    parse(schema, value);
  } catch (err) {
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).kind).toBe('invalid');
    return (err as Error).message;
  }
  return expect.fail(`accepted ${JSON.stringify(value)}`);
}

const round = { nama: 'Evaluasi 2027', mulai: '2027-01-04', batas_mandiri: '2027-02-15', selesai: '2027-03-31', provinsi: 'Jawa Tengah' };

describe('isPlainLine', () => {
  it('takes one line of text in any script (emoji: a surrogate pair) and refuses control characters and lone surrogates', () => {
    for (const ok of ['Evaluasi 2027', 'Daerah Istimewa Yogyakarta', 'Évaluasi · 評価 🌴', '']) expect(isPlainLine(ok), ok).toBe(true);
    for (const bad of ['a\u0000b', 'a\nb', 'a\tb', 'a\u007Fb', 'a\u0085b', 'a\uD800b', 'a\uDC00', '\uDBFF'])
      expect(isPlainLine(bad), JSON.stringify(bad)).toBe(false);
  });
});

describe('rounds (POST and PUT /api/evaluasi)', () => {
  it('refuses NUL, other control characters and lone surrogates in nama, provinsi and kabupaten, naming the field', () => {
    expect(parse(roundInput, { ...round, nama: ' Evaluasi 🌴 ' })).toMatchObject({ nama: 'Evaluasi 🌴' });
    expect(refused(roundInput, { ...round, nama: 'Evaluasi\u00002027' })).toBe(`${MSG.evaluationInvalid}: nama`);
    expect(refused(roundInput, { ...round, nama: 'Evaluasi \uD800' })).toBe(`${MSG.evaluationInvalid}: nama`);
    expect(refused(roundInput, { ...round, nama: 'Evaluasi\n2027' })).toBe(`${MSG.evaluationInvalid}: nama`);
    expect(refused(roundInput, { ...round, provinsi: 'Jawa\u0000Tengah' })).toBe(`${MSG.evaluationInvalid}: provinsi`);
    expect(refused(roundInput, { ...round, provinsi: '\uDC00Jawa Tengah' })).toBe(`${MSG.evaluationInvalid}: provinsi`);
    expect(refused(roundInput, { ...round, kabupaten: 'Sleman\u0000' })).toBe(`${MSG.evaluationInvalid}: kabupaten`);
  });

  it(`refuses dates outside the years ${ROUND_YEARS.from}–${ROUND_YEARS.to}, naming the field`, () => {
    expect(ROUND_YEARS).toEqual({ from: 2000, to: 2100 });
    expect(parse(roundInput, { ...round, mulai: '2000-01-01', batas_mandiri: '2050-06-30', selesai: '2100-12-31' })).toMatchObject({
      mulai: '2000-01-01',
      selesai: '2100-12-31',
    });
    expect(refused(roundInput, { ...round, mulai: '0000-01-01' })).toBe(`${MSG.evaluationInvalid}: mulai`);
    expect(refused(roundInput, { ...round, mulai: '1999-12-31' })).toBe(`${MSG.evaluationInvalid}: mulai`);
    expect(refused(roundInput, { ...round, selesai: '9999-12-31' })).toBe(`${MSG.evaluationInvalid}: selesai`);
    expect(refused(roundInput, { ...round, batas_mandiri: '2101-01-01', selesai: '2101-01-02' })).toBe(
      `${MSG.evaluationInvalid}: batas_mandiri, selesai`,
    );
  });
});

describe('criteria keys', () => {
  const six = SIX;

  it("a review's catatan with a key that is no criterion is refused, naming it (it was dropped)", () => {
    expect(parse(reviewInput, { ...six, catatan: { keramahan_difabel: 'Belum ada jalur kursi roda' } })).toMatchObject({
      catatan: { keramahan_difabel: 'Belum ada jalur kursi roda' },
    });
    expect(refused(reviewInput, { ...six, catatan: { lain: 'Catatan umum' } })).toBe(`${MSG.reviewInvalid}: catatan.lain`);
    expect(refused(reviewInput, { ...six, catatan: { keramahan_difabel: 'ok', lain: 'x', juga: 'y' } })).toBe(
      `${MSG.reviewInvalid}: catatan.lain, catatan.juga`,
    );
  });

  it("a self-assessment's bukti under a key that is no criterion is refused, naming it (it was dropped)", () => {
    expect(refused(selfAssessmentInput, { ...six, bukti: { lain: { catatan: 'x' } } })).toBe(`${MSG.selfAssessmentInvalid}: bukti.lain`);
  });
});

describe('notification switches (PUT /api/akun/notifikasi)', () => {
  it('refuses a key other than pengingat and perubahan, naming it', () => {
    expect(parse(notificationSwitchesInput, { pengingat: true })).toEqual({ pengingat: true });
    expect(refused(notificationSwitchesInput, { pengingat: true, lain: 1 })).toBe(`${MSG.notificationSettingsInvalid}: lain`);
    expect(refused(notificationSwitchesInput, { lain: 1 })).toBe(`${MSG.notificationSettingsInvalid}: lain`);
    expect(refused(notificationSwitchesInput, {})).toBe(MSG.notificationSettingsEmpty);
  });
});
