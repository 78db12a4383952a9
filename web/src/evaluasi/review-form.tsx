import { useState, type FormEvent } from 'react';
import { api } from '../core/api';
import { ConfirmDialog, ErrorSummary, Field, type FieldErrors, Outcome } from '../core/components';
import { tanggal, waktu } from '../core/format';
import { T } from '../core/texts';
import { ReturnedBanner, SentCriterion } from './evidence';
import { labelsFor, useFormErrors, useStep, type Result } from './hooks';
import { ActionBar } from './parts';
import { valueOf } from './self-assessment';
import { CRITERIA, type Assessment, type Criterion } from './types';
import type { VillageContext } from './village-view';

const E = T.evaluasi;
const V = E.village;

interface Draft {
  nilai: Record<Criterion, string>;
  catatan: Record<Criterion, string>;
}
const each = <T,>(f: (c: Criterion) => T) => Object.fromEntries(CRITERIA.map((c) => [c, f(c)])) as Record<Criterion, T>;

/** The review being worked on: the office's draft if there is one, else the published review, else empty. */
function draftOf(a: Assessment): Draft {
  const r = a.penilaian_draf ?? a.penilaian;
  return {
    nilai: each((c) => (r?.nilai[c] === undefined ? '' : String(r.nilai[c]))),
    catatan: each((c) => r?.catatan?.[c] ?? ''),
  };
}

function check(d: Draft): FieldErrors {
  const e: FieldErrors = {};
  for (const c of CRITERIA) {
    const v = valueOf(d.nilai[c]);
    if (v === undefined) e[`tinjau-${c}`] = V.reviewMissing(E.kriteria[c]);
    else if (!(v >= 1 && v <= 100)) e[`tinjau-${c}`] = V.valueRange(E.kriteria[c]);
    if (d.catatan[c].length > 2000) e[`tinjau-catatan-${c}`] = V.noteTooLong;
  }
  return e;
}

const LABELS: Record<string, string> = Object.fromEntries(
  CRITERIA.flatMap((c) => [
    [`tinjau-${c}`, E.kriteria[c]],
    [`tinjau-catatan-${c}`, E.kriteria[c]],
  ]),
);
/** An API field (`akses_tempat_wisata`, `catatan.akses_tempat_wisata`) → the form's field. */
function fieldOf(apiField: string): string | undefined {
  const [first, c] = apiField.split('.');
  if (CRITERIA.includes(first as Criterion)) return `tinjau-${first}`;
  if (first === 'catatan' && CRITERIA.includes(c as Criterion)) return `tinjau-catatan-${c}`;
  return undefined;
}

/** Mean of the six values rounded, and its category (as the API computes them), for the confirmation. */
function scoreOf(d: Draft): { rata: number; kategori: string } {
  const rata = Math.round(CRITERIA.reduce((s, c) => s + (valueOf(d.nilai[c]) ?? 0), 0) / CRITERIA.length);
  return { rata, kategori: rata > 90 ? 'Mandiri' : rata >= 75 ? 'Maju' : rata >= 50 ? 'Berkembang' : 'Rintisan' };
}

/** Why the office cannot review now; undefined while it can. */
function readOnlyBecause({ round }: VillageContext, canReview: boolean): string | undefined {
  if (!canReview) return V.readOnlyAdmin;
  if (round.status === 'akan_datang') return V.readOnlyNotStarted(tanggal(round.mulai));
  if (round.status === 'selesai') return V.readOnlyFinished;
  return undefined;
}

/** The office's view of one village: per criterion the submission beside the review; save as draft, publish, or return it. */
export function ReviewForm(ctx: VillageContext & { canReview: boolean }) {
  const { assessment: a, path, onAssessment } = ctx;
  const readOnly = readOnlyBecause(ctx, ctx.canReview);
  const [draft, setDraft] = useState<Draft>(() => draftOf(a));
  const form = useFormErrors();
  const errors = form.errors;
  const [outcome, setOutcome] = useState<Result>();
  const [dialog, setDialog] = useState<'publish' | 'return'>();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string>();
  const { busy, run } = useStep(setOutcome, form.refusal(fieldOf));
  const m = a.mandiri;
  // what the manager sent (also when returned for correction); a draft is theirs until submitted
  const showSelf = Boolean(a.diajukan_at) || a.status === 'diajukan' || a.status === 'dikembalikan' || a.status === 'dinilai';

  const set = (part: keyof Draft, c: Criterion) => (e: { target: { value: string } }) => {
    const v = e.target.value;
    form.changed(part === 'nilai' ? `tinjau-${c}` : `tinjau-catatan-${c}`);
    setDraft((d) => ({ ...d, [part]: { ...d[part], [c]: v } }));
  };
  const body = (terbitkan: boolean) => ({
    ...each((c) => valueOf(draft.nilai[c])),
    catatan: Object.fromEntries(CRITERIA.filter((c) => draft.catatan[c].trim()).map((c) => [c, draft.catatan[c].trim()])),
    terbitkan,
  });

  function valid(): boolean {
    const wrong = check(draft);
    form.set(wrong);
    setOutcome(undefined);
    return Object.keys(wrong).length === 0;
  }
  const saveDraft = (e?: FormEvent) => {
    e?.preventDefault();
    if (!valid()) return;
    return run(async () => {
      const r = await api<Assessment>('PUT', `${path}/penilaian`, body(false));
      onAssessment(r.data);
      return r.message ?? '';
    });
  };
  const publish = () => {
    setDialog(undefined);
    return run(async () => {
      const r = await api<Assessment>('PUT', `${path}/penilaian`, body(true));
      onAssessment(r.data);
      const p = r.data.penilaian;
      const gerak = r.data.gerak ? (V.movesLower[r.data.gerak] ?? r.data.gerak) : undefined;
      return p ? V.published(r.message ?? '', p.rata_rata ?? '–', p.kategori_desa ?? '–', gerak) : (r.message ?? '');
    });
  };
  const giveBack = () => {
    if (!note.trim()) {
      setNoteError(V.giveBackNoteMissing);
      document.getElementById('f-catatan-kembali')?.focus();
      return;
    }
    setDialog(undefined);
    return run(async () => {
      const r = await api<Assessment>('POST', `${path}/kembalikan`, { catatan: note.trim() });
      onAssessment(r.data);
      setNote('');
      return r.message ?? '';
    });
  };

  const score = scoreOf(draft);
  return (
    <>
      <ReturnedBanner assessment={a} />
      {a.status === 'diajukan' && (
        <div className="banner info" data-banner="diajukan">
          <p>{V.submittedOn(waktu(a.diajukan_at))}</p>
          {!readOnly && (
            <p>
              <button
                type="button"
                className="warn"
                disabled={busy}
                onClick={() => {
                  setNoteError(undefined);
                  setDialog('return');
                }}
              >
                {V.giveBack}
              </button>
            </p>
          )}
        </div>
      )}
      {a.penilaian && (
        <section className="card result" aria-labelledby="judul-hasil">
          <h2 id="judul-hasil">{V.publishedTitle}</h2>
          <p className="big">{V.average(a.penilaian.rata_rata ?? '–', a.penilaian.kategori_desa ?? '–')}</p>
          <p className="muted">{V.publishedOn(waktu(a.dinilai_at))}</p>
        </section>
      )}
      {a.penilaian_draf && !readOnly && (
        <div className="banner info" data-banner="draf-penilaian">
          <p>{V.reviewDraftOn(waktu(a.penilaian_draf.updated_at))}</p>
        </div>
      )}
      {readOnly && (
        <div className="banner info" data-banner="baca">
          <p>{readOnly}</p>
        </div>
      )}
      {!showSelf && <p className="notice info">{V.notSubmittedYet}</p>}
      <form className="review" onSubmit={saveDraft} noValidate aria-label={V.office}>
        <ErrorSummary errors={errors} labels={labelsFor(errors, LABELS)} />
        {readOnly && <Outcome of={outcome} />}
        {CRITERIA.map((c, i) => {
          const b = m?.bukti[c];
          return (
            <fieldset key={c} className="card criterion" data-kriteria={c}>
              <legend>
                <span className="step">{i + 1}</span> {E.kriteria[c]}
              </legend>
              <div className="beside">
                <div data-mandiri={c}>
                  <h3>{V.self}</h3>
                  {showSelf ? <SentCriterion value={m?.nilai[c]} evidence={b} empty={V.empty} /> : <p className="value-read">{V.empty}</p>}
                </div>
                <div data-penilaian={c}>
                  <h3>{V.office}</h3>
                  {readOnly ? (
                    <>
                      <p className="value-read">{a.penilaian?.nilai[c] ?? V.empty}</p>
                      {a.penilaian?.catatan?.[c] && <p className="note">{a.penilaian.catatan[c]}</p>}
                    </>
                  ) : (
                    <>
                      <Field name={`tinjau-${c}`} label={V.reviewValue} error={form.of(`tinjau-${c}`)}>
                        {(p) => (
                          <input
                            {...p}
                            className="value"
                            inputMode="decimal"
                            autoComplete="off"
                            value={draft.nilai[c]}
                            onChange={set('nilai', c)}
                          />
                        )}
                      </Field>
                      <Field name={`tinjau-catatan-${c}`} label={V.reviewNote} error={form.of(`tinjau-catatan-${c}`)}>
                        {(p) => <textarea {...p} rows={2} maxLength={2000} value={draft.catatan[c]} onChange={set('catatan', c)} />}
                      </Field>
                    </>
                  )}
                </div>
              </div>
            </fieldset>
          );
        })}
        {!readOnly && (
          <ActionBar outcome={outcome} busy={busy} draft={V.reviewDraft} send={V.publish} onSend={() => valid() && setDialog('publish')} />
        )}
      </form>
      {dialog === 'publish' && (
        <ConfirmDialog title={V.publishTitle} confirmLabel={V.publishConfirm} onConfirm={publish} onCancel={() => setDialog(undefined)}>
          <table className="sent-summary">
            <tbody>
              {CRITERIA.map((c) => (
                <tr key={c}>
                  <th scope="row">{E.kriteria[c]}</th>
                  <td className="num">{draft.nilai[c].trim()}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>
            <strong>{V.publishBody(score.rata, score.kategori)}</strong>
          </p>
          <p>{V.publishNote}</p>
        </ConfirmDialog>
      )}
      {dialog === 'return' && (
        <ConfirmDialog title={V.giveBackTitle} confirmLabel={V.giveBackConfirm} onConfirm={giveBack} onCancel={() => setDialog(undefined)}>
          <p>{V.giveBackBody}</p>
          <Field name="catatan-kembali" label={V.giveBackNote} error={noteError}>
            {(p) => <textarea {...p} rows={4} maxLength={2000} value={note} onChange={(e) => setNote(e.target.value)} />}
          </Field>
        </ConfirmDialog>
      )}
    </>
  );
}
