import { useEffect, useState, type FormEvent } from 'react';
import { api } from '../core/api';
import { Badge, ErrorSummary, Field, type FieldErrors, Outcome } from '../core/components';
import { angka, tanggal } from '../core/format';
import { isOffice, type Session } from '../core/session';
import { T } from '../core/texts';
import { labelsFor, useFormErrors, useStep, type Result } from '../evaluasi/hooks';
import { groupDigits, monthName, parseWhole } from './months';
import { FIGURES, type Figure, type Report } from './types';

const P = T.pemantauan;
type Values = Record<Figure | 'catatan' | 'alasan', string>;
const FIELDS = new Set<string>([...FIGURES, 'catatan', 'alasan']);
const LABELS: Record<string, string> = { ...P.figures, catatan: P.catatan, alasan: P.alasan };
const REQUIRED: readonly Figure[] = ['wisnus', 'wisman', 'pendapatan', 'tenaga_kerja'];

const valuesOf = (r?: Report): Values => ({
  wisnus: r ? angka(r.wisnus) : '',
  wisman: r ? angka(r.wisman) : '',
  pendapatan: r ? angka(r.pendapatan) : '',
  tenaga_kerja: r ? angka(r.tenaga_kerja) : '',
  malam_inap: r?.malam_inap !== undefined ? angka(r.malam_inap) : '',
  catatan: r?.catatan ?? '',
  alasan: '',
});

/** A report's flags in words and colours: late, to check, verified. */
export function Flags({ report }: { report?: Report }) {
  if (!report)
    return (
      <span className="flags">
        <Badge state="belum">{P.states.belum}</Badge>
      </span>
    );
  return (
    <span className="flags">
      {report.diverifikasi ? (
        <Badge state="terverifikasi">{P.states.terverifikasi}</Badge>
      ) : (
        <Badge state="terlapor">{P.states.terlapor}</Badge>
      )}
      {report.perlu_cek && <Badge state="perlu_cek">{P.states.perlu_cek}</Badge>}
      {report.terlambat && <Badge state="terlambat">{P.states.terlambat}</Badge>}
    </span>
  );
}

/** What the flags mean for this month, in sentences (the reason to check, who verified when). */
function FlagNotes({ report }: { report: Report }) {
  const notes = [
    report.terlambat ? P.lateNote : '',
    report.perlu_cek && report.alasan_cek ? P.checkNote(report.alasan_cek) : '',
    report.diverifikasi && report.diverifikasi_at ? P.verifiedNote(tanggal(report.diverifikasi_at)) : '',
    report.alasan_koreksi && report.dikoreksi_at ? P.correctedNote(tanggal(report.dikoreksi_at), report.alasan_koreksi) : '',
  ].filter(Boolean);
  if (!notes.length) return null;
  return (
    <ul className="flag-notes" data-flags>
      {notes.map((n) => (
        <li key={n}>{n}</li>
      ))}
    </ul>
  );
}

/**
 * One month's report in one short form: the manager fills or changes it until the office
 * verifies it; then dinas and admin alone correct it, with a reason. The office verifies a
 * reported month here too. Numbers take the Indonesian thousands dots as typed.
 */
export function ReportForm({
  kd,
  desa,
  bulan,
  report,
  session,
  onSaved,
}: {
  kd: string;
  desa: string;
  bulan: string;
  report?: Report;
  session: Session;
  onSaved: (r: Report) => void;
}) {
  const office = isOffice(session);
  const [values, setValues] = useState<Values>(() => valuesOf(report));
  const form = useFormErrors();
  const [outcome, setOutcome] = useState<Result>();
  // verify shows only where the form does not (an office's unverified month): a refusal names no field of it
  const { busy, run } = useStep(
    setOutcome,
    form.refusal((k) => (FIELDS.has(k) ? k : undefined)),
  );
  useEffect(() => setValues(valuesOf(report)), [report]);

  const path = `/api/pemantauan/desa/${encodeURIComponent(kd)}/${bulan}`;
  const name = monthName(bulan);
  const editable = office ? Boolean(report?.diverifikasi) : !report?.diverifikasi;
  const set = (k: keyof Values, v: string) => {
    setValues((s) => ({ ...s, [k]: FIGURES.includes(k as Figure) ? groupDigits(v) : v }));
    form.changed(k);
  };

  function check(): FieldErrors {
    const wrong: FieldErrors = {};
    for (const f of FIGURES) {
      const n = parseWhole(values[f]);
      if (n === null && REQUIRED.includes(f)) wrong[f] = P.missing(P.figures[f]);
      else if (Number.isNaN(n)) wrong[f] = P.notWhole(P.figures[f]);
    }
    if (values.catatan.length > 2000) wrong.catatan = P.noteTooLong;
    if (office && !values.alasan.trim()) wrong.alasan = P.alasanMissing;
    return wrong;
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    const wrong = check();
    form.set(wrong);
    setOutcome(undefined);
    if (Object.keys(wrong).length) return;
    const body: Record<string, unknown> = {};
    for (const f of FIGURES) {
      const n = parseWhole(values[f]);
      if (n !== null) body[f] = n;
    }
    if (values.catatan.trim()) body.catatan = values.catatan;
    if (office) body.alasan = values.alasan.trim();
    await run(async () => {
      const r = await api<Report>('PUT', path, body);
      onSaved(r.data);
      if (report && r.data.updated_at === report.updated_at) return P.savedSame;
      return [P.saved(r.message ?? '', name), r.data.perlu_cek && r.data.alasan_cek ? P.savedFlagged(r.data.alasan_cek) : '']
        .filter(Boolean)
        .join(' ');
    });
  }

  const verify = () =>
    run(async () => {
      const r = await api<Report>('POST', `${path}/verifikasi`);
      onSaved(r.data);
      return P.verified(r.message ?? '', desa, name);
    });

  const explanation = office
    ? !report
      ? P.officeNoReport
      : report.diverifikasi
        ? P.officeCorrects
        : P.officeNotVerified
    : report?.diverifikasi
      ? P.lockedManager(tanggal(report.diverifikasi_at))
      : '';

  return (
    <section className="card report" aria-labelledby="judul-laporan" data-month={bulan}>
      <div className="heading-row">
        <h2 id="judul-laporan">{P.formTitle(name)}</h2>
        <Flags report={report} />
      </div>
      {report && <FlagNotes report={report} />}
      <Outcome of={outcome} />
      {explanation && (
        <p className="notice info" data-explain>
          {explanation}
        </p>
      )}
      {office && report && !report.diverifikasi && (
        <div className="actions">
          <button type="button" className="primary" disabled={busy} onClick={verify}>
            {busy ? T.busy : P.verify}
          </button>
        </div>
      )}
      {editable ? (
        <>
          <ErrorSummary errors={form.errors} labels={labelsFor(form.errors, LABELS)} />
          <form onSubmit={save} noValidate>
            <div className="figures-grid">
              {FIGURES.map((f) => (
                <Field key={f} name={f} label={P.figures[f]} hint={P.hints[f]} error={form.of(f)}>
                  {(p) => (
                    <input
                      {...p}
                      type="text"
                      inputMode="numeric"
                      autoComplete="off"
                      value={values[f]}
                      onChange={(e) => set(f, e.target.value)}
                    />
                  )}
                </Field>
              ))}
            </div>
            <Field name="catatan" label={P.catatan} error={form.of('catatan')}>
              {(p) => <textarea {...p} rows={2} value={values.catatan} onChange={(e) => set('catatan', e.target.value)} />}
            </Field>
            {office && (
              <Field name="alasan" label={P.alasan} hint={P.alasanHint} error={form.of('alasan')}>
                {(p) => <textarea {...p} rows={2} value={values.alasan} onChange={(e) => set('alasan', e.target.value)} />}
              </Field>
            )}
            <div className="actions">
              <button type="submit" className="primary" disabled={busy}>
                {busy ? T.busy : office ? P.saveCorrection : P.save}
              </button>
            </div>
          </form>
        </>
      ) : (
        report && <ReadOnly report={report} />
      )}
    </section>
  );
}

/** A month's figures as saved (a verified month for its manager; an unverified one for the office). */
function ReadOnly({ report }: { report: Report }) {
  return (
    <dl className="figures-read" data-readonly>
      {FIGURES.map((f) => (
        <div key={f}>
          <dt>{P.figures[f]}</dt>
          <dd>{angka(report[f] ?? null)}</dd>
        </div>
      ))}
      {report.catatan && (
        <div className="wide">
          <dt>{P.catatan}</dt>
          <dd>{report.catatan}</dd>
        </div>
      )}
    </dl>
  );
}
