import type * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../lib/contract/errors';
import { isPlainLine } from '../../lib/contract/inputs';
import { MSG } from '../../lib/contract/messages';
import { asRefusal, declaredRefusal, parseInput } from '../../lib/contract/validation';
import {
  evidenceUploadInput,
  returnInput,
  reviewInput,
  roundInput,
  roundView,
  ROUND_YEARS,
  selfAssessmentInput,
} from '../../lib/domain/evaluations';
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

/** What a refused input answers: its message and the texts `fields` gives beside it (none: undefined). */
function refusal(schema: z.ZodType, value: unknown): { message: string; fields?: Record<string, string> } {
  try {
    parse(schema, value);
  } catch (err) {
    expect(err).toBeInstanceOf(DomainError);
    return { message: (err as DomainError).message, fields: (err as DomainError).fields };
  }
  return expect.fail(`accepted ${JSON.stringify(value)}`);
}

describe('fields: each refused field of an evaluation body with its own text, beside the unchanged message', () => {
  it('a round: each field its text; a rule that spans fields on the field to correct', () => {
    expect(refusal(roundInput, { ...round, nama: '', selesai: '9999-12-31' })).toEqual({
      message: `${MSG.evaluationInvalid}: nama, selesai`,
      fields: { nama: MSG.fieldRoundName, selesai: MSG.fieldRoundEnd },
    });
    expect(refusal(roundInput, { ...round, mulai: '2027-03-01' })).toEqual({
      message: MSG.evaluationDatesOrder,
      fields: { batas_mandiri: MSG.fieldRoundDatesOrder },
    });
    expect(refusal(roundInput, { ...round, provinsi: undefined, kabupaten: 'Sleman' })).toEqual({
      message: MSG.evaluationRegionNeedsProvince,
      fields: { provinsi: MSG.fieldKabupatenNeedsProvince },
    });
    expect(refusal(roundInput, { ...round, provinsi: 'Jawa#Tengah', lain: 1 }).fields).toEqual({ provinsi: MSG.fieldProvince });
  });

  it('a review: the value named in words ("Nilai Partisipasi masyarakat harus 1–100"), notes, terbitkan, keys it does not take', () => {
    expect(MSG.fieldScorePartisipasiMasyarakat).toBe('Nilai Partisipasi masyarakat harus 1–100');
    const { partisipasi_masyarakat: _missing, ...five } = SIX;
    expect(
      refusal(reviewInput, {
        ...five,
        akses_tempat_wisata: 101,
        catatan: { keramahan_difabel: 'x'.repeat(2001), lain: 'y' },
        terbitkan: 1,
      }),
    ).toEqual({
      message: `${MSG.reviewInvalid}: partisipasi_masyarakat, akses_tempat_wisata, catatan, catatan.lain, terbitkan`,
      fields: {
        partisipasi_masyarakat: MSG.fieldScorePartisipasiMasyarakat,
        akses_tempat_wisata: MSG.fieldScoreAksesTempatWisata,
        'catatan.keramahan_difabel': MSG.fieldNote,
        terbitkan: MSG.fieldPublish,
        'catatan.lain': MSG.fieldUnknown,
      },
    });
    expect(parse(reviewInput, SIX)).toMatchObject({ terbitkan: true, catatan: {} });
    expect(parse(reviewInput, { ...SIX, terbitkan: false })).toMatchObject({ terbitkan: false });
  });

  it('a self-assessment: a link by its place in the list, a note, kept files; the return note; the upload’s criterion', () => {
    const links = ['https://example.org/a', 'javascript:alert(1)'];
    expect(
      refusal(selfAssessmentInput, {
        keramahan_difabel: 0,
        bukti: { akses_tempat_wisata: { tautan: links, catatan: 'x'.repeat(2001) }, produk_tempat_wisata: { berkas: Array(6).fill('k') } },
      }),
    ).toEqual({
      message: `${MSG.selfAssessmentInvalid}: keramahan_difabel, bukti`,
      fields: {
        keramahan_difabel: MSG.fieldScoreKeramahanDifabel,
        'bukti.akses_tempat_wisata.tautan.1': MSG.fieldLinks,
        'bukti.akses_tempat_wisata.catatan': MSG.fieldNote,
        'bukti.produk_tempat_wisata.berkas': MSG.fieldKeptFiles,
      },
    });
    expect(refusal(returnInput, { catatan: ' ' })).toEqual({
      message: `${MSG.returnInvalid}: catatan`,
      fields: { catatan: MSG.fieldReturnNote },
    });
    expect(refusal(evidenceUploadInput, { kriteria: 'lain' }).fields).toEqual({ kriteria: MSG.fieldEvidenceCriterion });
    expect(refusal(returnInput, 'teks').fields).toEqual({ body: MSG.fieldInvalid });
  });

  it('other routes’ inputs stay as they were: no fields', () => {
    expect(refusal(notificationSwitchesInput, { lain: 1 })).toEqual({
      message: `${MSG.notificationSettingsInvalid}: lain`,
      fields: undefined,
    });
  });
});

describe('a round as answered', () => {
  const stored = {
    id_evaluasi: 'EVAL-a1B2c3D4e5',
    ...round,
    created_at: '2027-01-01T00:00:00.000Z',
    updated_at: '2027-01-01T00:00:00.000Z',
  };
  it('pengingat_terakhir: the time of the latest reminder; only its day kept (before the time was): the start of that day in WIB; none: null', () => {
    expect(roundView(stored).pengingat_terakhir).toBeNull();
    expect(roundView({ ...stored, pengingat_terakhir: '2027-01-10', pengingat_at: '2027-01-10T02:03:04.000Z' }).pengingat_terakhir).toBe(
      '2027-01-10T02:03:04.000Z',
    );
    expect(roundView({ ...stored, pengingat_terakhir: '2027-01-10' }).pengingat_terakhir).toBe('2027-01-09T17:00:00.000Z');
  });
});
