import { useEffect, useState, type FormEvent } from 'react';
import { api } from '../core/api';
import { ConfirmDialog, ErrorSummary, Field, type FieldErrors, Outcome } from '../core/components';
import { tanggal, waktu } from '../core/format';
import { T } from '../core/texts';
import { EvidenceEditor, ReturnedBanner, SentCriterion } from './evidence';
import { labelsFor, result, useFormErrors, useStep, type Result } from './hooks';
import { ActionBar } from './parts';
import { CRITERIA, type Assessment, type Criterion, type PerCriterion } from './types';
import type { VillageContext } from './village-view';

const E = T.evaluasi;
const V = E.village;

interface Draft {
  nilai: Record<Criterion, string>;
  catatan: Record<Criterion, string>;
  tautan: Record<Criterion, string>;
}

const each = <T,>(f: (c: Criterion) => T) => Object.fromEntries(CRITERIA.map((c) => [c, f(c)])) as Record<Criterion, T>;

function draftOf(a: Assessment): Draft {
  const m = a.mandiri;
  return {
    nilai: each((c) => (m?.nilai[c] === undefined ? '' : String(m.nilai[c]))),
    catatan: each((c) => m?.bukti[c]?.catatan ?? ''),
    tautan: each((c) => (m?.bukti[c]?.tautan ?? []).join('\n')),
  };
}

const linesOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter(Boolean);

/** "72", "72,5" or "72.5" → 72.5; anything else → NaN; empty → undefined. */
export function valueOf(text: string): number | undefined {
  const t = text.trim();
  if (!t) return undefined;
  return /^\d{1,3}([.,]\d+)?$/.test(t) ? Number(t.replace(',', '.')) : NaN;
}

/** The draft's mistakes in the person's words; `complete` (before submitting) asks for all six values. */
function check(d: Draft, complete: boolean): FieldErrors {
  const e: FieldErrors = {};
  for (const c of CRITERIA) {
    const name = E.kriteria[c];
    const v = valueOf(d.nilai[c]);
    if (v === undefined) {
      if (complete) e[`nilai-${c}`] = V.valueMissing(name);
    } else if (!(v >= 1 && v <= 100)) e[`nilai-${c}`] = V.valueRange(name);
    if (d.catatan[c].length > 2000) e[`catatan-${c}`] = V.noteTooLong;
    const links = linesOf(d.tautan[c]);
    if (links.some((l) => !/^https:\/\/\S+$/i.test(l))) e[`tautan-${c}`] = V.linkHttps;
    else if (links.length > 10) e[`tautan-${c}`] = V.linkTooMany;
  }
  return e;
}

/** The summary's label of each field: its criterion (the value's message names it already). */
const LABELS: Record<string, string> = Object.fromEntries(
  CRITERIA.flatMap((c) => [
    [`nilai-${c}`, E.kriteria[c]],
    [`catatan-${c}`, E.kriteria[c]],
    [`tautan-${c}`, E.kriteria[c]],
    [`berkas-${c}`, E.kriteria[c]],
  ]),
);

/** An API field (`partisipasi_masyarakat`, `bukti.x.tautan.0`, `bukti.x.catatan`) → the form's field. */
function fieldOf(apiField: string): string | undefined {
  const [first, c, what] = apiField.split('.');
  if (CRITERIA.includes(first as Criterion)) return `nilai-${first}`;
  if (first === 'bukti' && CRITERIA.includes(c as Criterion)) return what === 'berkas' ? `berkas-${c}` : `${what}-${c}`;
  return undefined;
}

/** The draft typed in this tab and not saved, if any. */
function unsaved(key: string): Draft | undefined {
  try {
    const d = JSON.parse(window.sessionStorage.getItem(key) ?? 'null') as Draft | null;
    return d &&
      CRITERIA.every((c) => typeof d.nilai?.[c] === 'string' && typeof d.catatan?.[c] === 'string' && typeof d.tautan?.[c] === 'string')
      ? d
      : undefined;
  } catch {
    return undefined;
  }
}

/** Why the self-assessment cannot be changed now, with its date; undefined while it can. */
function lockedBecause({ round, assessment: a }: VillageContext): string | undefined {
  if (a.status === 'dinilai') return V.bannerReviewed(waktu(a.dinilai_at));
  if (a.status === 'diajukan') return V.bannerSubmitted(waktu(a.diajukan_at));
  if (round.status === 'akan_datang') return V.bannerNotStarted(tanggal(round.mulai));
  // one returned for correction may be corrected while the office reviews
  if (a.status === 'dikembalikan' && round.status === 'peninjauan') return undefined;
  if (round.status !== 'penilaian_mandiri') return V.bannerClosed(tanggal(round.batas_mandiri));
  return undefined;
}

/** A manager's self-assessment of one village: the form while it is open, what was sent (and the review) once it is not. */
export function SelfAssessmentForm(ctx: VillageContext) {
  const locked = lockedBecause(ctx);
  const a = ctx.assessment;
  // kept here: the result of "Simpan dan ajukan" stays in view when the form becomes read-only
  const [outcome, setOutcome] = useState<Result>();
  return (
    <>
      <ReturnedBanner assessment={a} />
      {locked ? (
        <>
          <div className="banner info" data-banner="terkunci">
            <p>{locked}</p>
          </div>
          <Outcome of={outcome} />
          <Sent {...ctx} />
        </>
      ) : (
        <Editable {...ctx} outcome={outcome} setOutcome={setOutcome} />
      )}
    </>
  );
}

function Editable({
  assessment,
  path,
  onAssessment,
  outcome,
  setOutcome,
}: VillageContext & { outcome?: Result; setOutcome: (r: Result | undefined) => void }) {
  // what was typed and not saved survives a reload or a sign-in after the session ended (this tab only)
  const keep = `desawisata.evaluasi.${assessment.id_evaluasi}.${assessment.kd_desa}`;
  const [restored] = useState(() => unsaved(keep));
  const [draft, setDraft] = useState<Draft>(() => restored ?? draftOf(assessment));
  const [dirty, setDirty] = useState(restored !== undefined);
  useEffect(() => {
    if (dirty) window.sessionStorage.setItem(keep, JSON.stringify(draft));
    else window.sessionStorage.removeItem(keep);
  }, [keep, draft, dirty]);
  const form = useFormErrors();
  const errors = form.errors;
  const [fileErrors, setFileErrors] = useState<PerCriterion<string>>({});
  const [confirm, setConfirm] = useState(false);
  const { busy, run } = useStep(setOutcome, form.refusal(fieldOf));
  const files = (c: Criterion) => assessment.mandiri?.bukti[c]?.berkas ?? [];

  const set = (part: keyof Draft, c: Criterion) => (e: { target: { value: string } }) => {
    const v = e.target.value;
    form.changed(`${part}-${c}`);
    setDirty(true);
    setDraft((d) => ({ ...d, [part]: { ...d[part], [c]: v } }));
  };

  const body = () => ({
    ...Object.fromEntries(CRITERIA.flatMap((c) => (valueOf(draft.nilai[c]) === undefined ? [] : [[c, valueOf(draft.nilai[c])]]))),
    bukti: each((c) => ({ catatan: draft.catatan[c].trim(), tautan: linesOf(draft.tautan[c]), berkas: files(c).map((f) => f.key) })),
  });

  /** Checks the draft (all six values when submitting); false when it shows what to correct. */
  function valid(complete: boolean): boolean {
    const wrong = check(draft, complete);
    form.set(wrong);
    setOutcome(undefined);
    return Object.keys(wrong).length === 0;
  }

  const save = (e?: FormEvent) => {
    e?.preventDefault();
    if (!valid(false)) return;
    return run(async () => {
      const r = await api<Assessment>('PUT', `${path}/mandiri`, body());
      setDirty(false);
      onAssessment(r.data);
      return r.message ?? '';
    });
  };
  const submit = () => {
    setConfirm(false);
    return run(async () => {
      const saved = await api<Assessment>('PUT', `${path}/mandiri`, body());
      setDirty(false);
      window.sessionStorage.removeItem(keep);
      onAssessment(saved.data);
      const r = await api<Assessment>('POST', `${path}/mandiri/ajukan`);
      onAssessment(r.data);
      return r.message ?? '';
    });
  };

  const summaryLabels = labelsFor(errors, LABELS);
  return (
    <form className="self" onSubmit={save} noValidate aria-label={V.self}>
      {restored && dirty && <p className="notice info">{V.restored}</p>}
      <ErrorSummary errors={errors} labels={summaryLabels} />
      {CRITERIA.map((c, i) => (
        <fieldset key={c} className="card criterion" data-kriteria={c}>
          <legend>
            <span className="step">{i + 1}</span> {E.kriteria[c]}
          </legend>
          <Field name={`nilai-${c}`} label={V.nilai} error={form.of(`nilai-${c}`)}>
            {(p) => (
              <input {...p} className="value" inputMode="decimal" autoComplete="off" value={draft.nilai[c]} onChange={set('nilai', c)} />
            )}
          </Field>
          <Field name={`catatan-${c}`} label={V.catatan} error={form.of(`catatan-${c}`)}>
            {(p) => <textarea {...p} rows={3} maxLength={2000} value={draft.catatan[c]} onChange={set('catatan', c)} />}
          </Field>
          <Field name={`tautan-${c}`} label={V.tautan} hint={V.tautanHint} error={form.of(`tautan-${c}`)}>
            {(p) => <textarea {...p} rows={2} inputMode="url" value={draft.tautan[c]} onChange={set('tautan', c)} />}
          </Field>
          <EvidenceEditor
            criterion={c}
            label={E.kriteria[c]}
            files={files(c)}
            path={path}
            error={fileErrors[c]}
            onError={(m) => setFileErrors((f) => ({ ...f, [c]: m }))}
            onAssessment={onAssessment}
            onResult={(kind, text) => setOutcome(result(kind, text))}
          />
        </fieldset>
      ))}
      <ActionBar outcome={outcome} busy={busy} draft={V.saveDraft} send={V.submit} onSend={() => valid(true) && setConfirm(true)} />
      {confirm && (
        <ConfirmDialog title={V.submitTitle} confirmLabel={V.submitConfirm} onConfirm={submit} onCancel={() => setConfirm(false)}>
          <p>{V.submitIntro}</p>
          <table className="sent-summary">
            <thead>
              <tr>
                <th scope="col">{E.round.criterion}</th>
                <th scope="col" className="num">
                  {V.colValue}
                </th>
                <th scope="col">{V.colEvidence}</th>
              </tr>
            </thead>
            <tbody>
              {CRITERIA.map((c) => (
                <tr key={c}>
                  <th scope="row">{E.kriteria[c]}</th>
                  <td className="num">{draft.nilai[c].trim()}</td>
                  <td>{V.evidenceCount(Boolean(draft.catatan[c].trim()), linesOf(draft.tautan[c]).length, files(c).length)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>
            <strong>{V.submitNote}</strong>
          </p>
        </ConfirmDialog>
      )}
    </form>
  );
}

/** What was sent, read-only; with the office's published review beside each criterion. */
function Sent({ assessment: a }: VillageContext) {
  const m = a.mandiri;
  const p = a.penilaian;
  return (
    <>
      {p && (
        <section className="card result" aria-labelledby="judul-hasil">
          <h2 id="judul-hasil">{V.resultTitle}</h2>
          <p className="big">{V.average(p.rata_rata ?? '–', p.kategori_desa ?? '–')}</p>
          {a.kategori_sebelum && <p className="muted">{V.previous(a.kategori_sebelum === 'belum' ? V.unscored : a.kategori_sebelum)}</p>}
        </section>
      )}
      {CRITERIA.map((c) => {
        const b = m?.bukti[c];
        return (
          <section key={c} className="card criterion" data-kriteria={c} aria-label={E.kriteria[c]}>
            <h2 className="criterion-title">{E.kriteria[c]}</h2>
            <div className={p ? 'beside' : undefined}>
              <div data-mandiri={c}>
                {p && <h3>{V.self}</h3>}
                <SentCriterion value={m?.nilai[c]} evidence={b} empty={V.empty} />
              </div>
              {p && (
                <div data-penilaian={c}>
                  <h3>{V.office}</h3>
                  <p className="value-read">{p.nilai[c]}</p>
                  {p.catatan?.[c] && <p className="note">{p.catatan[c]}</p>}
                </div>
              )}
            </div>
          </section>
        );
      })}
    </>
  );
}
