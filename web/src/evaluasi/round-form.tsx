import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { api } from '../core/api';
import { ErrorSummary, Field, Notice, type FieldErrors, Outcome } from '../core/components';
import { angka } from '../core/format';
import { T } from '../core/texts';
import { labelsFor, refusalOf, result, useFormErrors, useLoad, type Result } from './hooks';
import { BackLink, LoadState } from './parts';
import type { Region, Round, RoundBody } from './types';

const E = T.evaluasi;
const F = E.form;

const LABELS: Record<string, string> = {
  nama: F.nama,
  mulai: F.mulai,
  batas_mandiri: F.batas,
  selesai: F.selesai,
  provinsi: F.provinsi,
  kabupaten: F.kabupaten,
};

interface Values {
  nama: string;
  mulai: string;
  batas_mandiri: string;
  selesai: string;
  provinsi: string;
  kabupaten: string;
}
const EMPTY: Values = { nama: '', mulai: '', batas_mandiri: '', selesai: '', provinsi: '', kabupaten: '' };

function check(v: Values): FieldErrors {
  const e: FieldErrors = {};
  if (!v.nama.trim()) e.nama = F.namaMissing;
  if (!v.mulai) e.mulai = F.dateMissing(F.mulai);
  if (!v.batas_mandiri) e.batas_mandiri = F.dateMissing(F.batas);
  if (!v.selesai) e.selesai = F.dateMissing(F.selesai);
  if (v.mulai && v.batas_mandiri && v.batas_mandiri < v.mulai) e.batas_mandiri = F.batasBeforeMulai;
  if (v.batas_mandiri && v.selesai && v.selesai < v.batas_mandiri) e.selesai = F.selesaiBeforeBatas;
  return e;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** /evaluasi/baru and /evaluasi/:id/ubah: a round's name, dates and region (from the known provinces and kabupaten). */
export function RoundForm() {
  const { id } = useParams();
  const editing = id !== undefined;
  const round = useLoad(async () => (id ? (await api<Round>('GET', `/api/evaluasi/${encodeURIComponent(id)}`)).data : undefined), [id]);
  const regions = useLoad(async () => (await api<{ provinsi: Region[] }>('GET', '/api/wilayah')).data.provinsi, []);
  const [values, setValues] = useState<Values>(EMPTY);
  const form = useFormErrors();
  const errors = form.errors;
  const [failure, setFailure] = useState<Result>();
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();

  useEffect(() => {
    const r = round.data;
    if (r)
      setValues({
        nama: r.nama,
        mulai: r.mulai,
        batas_mandiri: r.batas_mandiri,
        selesai: r.selesai,
        provinsi: r.provinsi ?? '',
        kabupaten: r.kabupaten ?? '',
      });
  }, [round.data]);
  useEffect(() => {
    document.title = `${editing ? F.editTitle(round.data?.nama ?? '') : F.newTitle} · ${T.appName}`;
  }, [editing, round.data]);

  // the provinces known (with a round's own, if it names one no village has: it shows 0)
  const provinces = useMemo(() => {
    const list = regions.data ?? [];
    if (values.provinsi && !list.some((p) => same(p.provinsi, values.provinsi)))
      return [...list, { provinsi: values.provinsi, n_desa: 0, kabupaten: [] }];
    return list;
  }, [regions.data, values.provinsi]);
  const province = provinces.find((p) => same(p.provinsi, values.provinsi));
  const kabupatens = useMemo(() => {
    const list = province?.kabupaten ?? [];
    if (values.kabupaten && !list.some((k) => same(k.kabupaten, values.kabupaten)))
      return [...list, { kabupaten: values.kabupaten, n_desa: 0 }];
    return list;
  }, [province, values.kabupaten]);
  const inScope = !regions.data
    ? undefined
    : !values.provinsi
      ? regions.data.reduce((s, p) => s + p.n_desa, 0)
      : values.kabupaten
        ? (kabupatens.find((k) => same(k.kabupaten, values.kabupaten))?.n_desa ?? 0)
        : (province?.n_desa ?? 0);

  const set = (k: keyof Values) => (e: { target: { value: string } }) => {
    const v = e.target.value;
    form.changed(k);
    setValues((old) => ({ ...old, [k]: v, ...(k === 'provinsi' ? { kabupaten: '' } : {}) }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const wrong = check(values);
    form.set(wrong);
    setFailure(undefined);
    if (Object.keys(wrong).length) return;
    const body: RoundBody = {
      nama: values.nama.trim(),
      mulai: values.mulai,
      batas_mandiri: values.batas_mandiri,
      selesai: values.selesai,
      ...(values.provinsi ? { provinsi: values.provinsi } : {}),
      ...(values.provinsi && values.kabupaten ? { kabupaten: values.kabupaten } : {}),
    };
    setBusy(true);
    try {
      const r = editing
        ? await api<Round>('PUT', `/api/evaluasi/${encodeURIComponent(id)}`, body)
        : await api<Round>('POST', '/api/evaluasi', body);
      navigate(`/${encodeURIComponent(r.data.id_evaluasi)}`, { state: { result: result('ok', r.message ?? '') } });
    } catch (err) {
      const refused = refusalOf(err, (k) => (k in LABELS ? k : undefined));
      form.set(refused.fields);
      if (refused.message) setFailure(result('error', refused.message));
    } finally {
      setBusy(false);
    }
  }

  if (editing && (round.loading || round.error)) return <LoadState loaded={round} notFound={E.notFound} />;
  const finished = round.data?.status === 'selesai';
  const back = editing ? `/${encodeURIComponent(id)}` : '/';
  return (
    <>
      <BackLink to={back}>{editing ? E.backToRound : E.back}</BackLink>
      <h1>{editing ? F.editTitle(round.data?.nama ?? '') : F.newTitle}</h1>
      {finished && <Notice kind="info">{F.finished}</Notice>}
      <ErrorSummary errors={errors} labels={labelsFor(errors, LABELS)} />
      <Outcome of={failure} />
      <form className="card form-narrow" onSubmit={submit} noValidate>
        <Field name="nama" label={F.nama} hint={F.namaHint} error={form.of('nama')}>
          {(p) => <input {...p} value={values.nama} onChange={set('nama')} maxLength={200} autoComplete="off" disabled={finished} />}
        </Field>
        <div className="dates">
          <Field name="mulai" label={F.mulai} error={form.of('mulai')}>
            {(p) => <input {...p} type="date" value={values.mulai} onChange={set('mulai')} disabled={finished} />}
          </Field>
          <Field name="batas_mandiri" label={F.batas} hint={F.batasHint} error={form.of('batas_mandiri')}>
            {(p) => <input {...p} type="date" value={values.batas_mandiri} onChange={set('batas_mandiri')} disabled={finished} />}
          </Field>
          <Field name="selesai" label={F.selesai} hint={F.selesaiHint} error={form.of('selesai')}>
            {(p) => <input {...p} type="date" value={values.selesai} onChange={set('selesai')} disabled={finished} />}
          </Field>
        </div>
        {regions.error && <Notice kind="error">{`${F.regionsFailed} ${regions.error}`}</Notice>}
        <div className="dates">
          <Field name="provinsi" label={F.provinsi} error={form.of('provinsi')}>
            {(p) => (
              <select {...p} value={values.provinsi} onChange={set('provinsi')} disabled={finished || !regions.data}>
                <option value="">{regions.data ? F.allProvinces : F.regionsLoading}</option>
                {provinces.map((r) => (
                  <option key={r.provinsi} value={r.provinsi}>
                    {F.optionWithCount(r.provinsi, r.n_desa)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field name="kabupaten" label={F.kabupaten} error={form.of('kabupaten')}>
            {(p) => (
              <select {...p} value={values.kabupaten} onChange={set('kabupaten')} disabled={finished || !values.provinsi}>
                <option value="">{F.allKabupaten}</option>
                {kabupatens.map((k) => (
                  <option key={k.kabupaten} value={k.kabupaten}>
                    {F.optionWithCount(k.kabupaten, k.n_desa)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        {inScope !== undefined && (
          <div className={`notice ${inScope ? 'info' : 'warn'}`} role="status" data-in-scope={inScope}>
            <strong>{F.inScope(angka(inScope))}</strong>
            {inScope === 0 && <p>{F.noneInScope}</p>}
          </div>
        )}
        <div className="actions">
          <button type="submit" className="primary" disabled={busy || finished}>
            {busy ? T.busy : editing ? F.save : F.create}
          </button>
          <button type="button" onClick={() => navigate(back)}>
            {F.cancel}
          </button>
        </div>
      </form>
    </>
  );
}
