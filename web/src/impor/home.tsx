import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { api, apiUpload } from '../core/api';
import { Badge, Field, Outcome } from '../core/components';
import { angka, waktu } from '../core/format';
import { T } from '../core/texts';
import { useLoad, useStep, type Result } from '../evaluasi/hooks';
import { LoadState } from '../pemantauan/parts';
import { downloadFile } from './download';
import type { ImportKind, ImportSummary } from './types';

const I = T.impor;
/** The API's limit for one file (lib/domain/import.ts IMPORT_FILE_MAX_BYTES), told and checked before sending. */
const MAX_BYTES = 4 * 1024 * 1024;
const MB = (bytes: number) => `${(bytes / 1_048_576).toLocaleString('id-ID', { maximumFractionDigits: 1 })} MB`;

export function ImportHome() {
  const [jenis, setJenis] = useState<ImportKind>('desa');
  return (
    <>
      <h1>{I.title}</h1>
      <p className="lead">{I.lead}</p>
      <section className="card" aria-labelledby="langkah-jenis">
        <fieldset className="choices">
          <legend id="langkah-jenis">
            <h2>{I.stepJenis}</h2>
          </legend>
          {(['desa', 'laporan'] as const).map((k) => (
            <label key={k} className="choice">
              <input type="radio" name="jenis" value={k} checked={jenis === k} onChange={() => setJenis(k)} />
              <span>
                <strong>{I.jenis[k]}</strong>
                <small className="hint">{I.jenisHint[k]}</small>
              </span>
            </label>
          ))}
        </fieldset>
      </section>
      <Template jenis={jenis} />
      <Upload jenis={jenis} />
      <History />
    </>
  );
}

function Template({ jenis }: { jenis: ImportKind }) {
  const [outcome, setOutcome] = useState<Result>();
  const { busy, run } = useStep(setOutcome);
  const download = () => run(async () => I.downloaded(await downloadFile(`/api/impor/template?jenis=${jenis}`, `template-${jenis}.xlsx`)));
  return (
    <section className="card" aria-labelledby="langkah-template">
      <h2 id="langkah-template">{I.stepTemplate}</h2>
      <p>{I.templateLead}</p>
      <Outcome of={outcome} />
      <div className="actions">
        <button type="button" disabled={busy} onClick={download}>
          {busy ? T.busy : I.template(I.jenis[jenis]!.toLowerCase())}
        </button>
      </div>
    </section>
  );
}

function Upload({ jenis }: { jenis: ImportKind }) {
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState('');
  const [failure, setFailure] = useState<Result>();
  const { run } = useStep(setFailure);
  const [pct, setPct] = useState<number>();
  async function submit(e: FormEvent) {
    e.preventDefault();
    setFailure(undefined);
    const file = input.current?.files?.[0];
    if (!file) return setError(I.fileMissing);
    if (file.size > MAX_BYTES) return setError(I.fileTooBig(MB(file.size)));
    setError('');
    const form = new FormData();
    form.append('berkas', file, file.name);
    setPct(0);
    await run(async () => {
      const r = await apiUpload<{ id_impor: string }>(`/api/impor?jenis=${jenis}`, form, (share) => setPct(Math.round(share * 100)));
      navigate(`/${encodeURIComponent(r.data.id_impor)}`);
    });
    setPct(undefined);
  }
  return (
    <section className="card" aria-labelledby="langkah-unggah">
      <h2 id="langkah-unggah">{I.stepUpload}</h2>
      <form onSubmit={submit} noValidate>
        <Field name="berkas" label={I.file} hint={I.fileHint} error={error}>
          {(p) => (
            <input
              {...p}
              ref={input}
              type="file"
              accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={() => setError('')}
            />
          )}
        </Field>
        {pct !== undefined && (
          <p className="upload">
            <label htmlFor="kemajuan-unggah">{I.uploading(pct)}</label>
            <progress id="kemajuan-unggah" max={100} value={pct} />
          </p>
        )}
        <Outcome of={failure} />
        <div className="actions">
          <button type="submit" className="primary" disabled={pct !== undefined}>
            {pct !== undefined ? T.busy : I.upload}
          </button>
        </div>
      </form>
    </section>
  );
}

function History() {
  const list = useLoad(async () => (await api<ImportSummary[]>('GET', '/api/impor?page=1&limit=20')).data, []);
  return (
    <section className="card" aria-labelledby="riwayat-impor">
      <h2 id="riwayat-impor">{I.historyTitle}</h2>
      <LoadState loaded={list} />
      {list.data && list.data.length === 0 && <p>{I.historyNone}</p>}
      {list.data && list.data.length > 0 && (
        <ul className="imports" data-imports>
          {list.data.map((m) => (
            <li key={m.id_impor} data-id={m.id_impor}>
              <Link to={`/${encodeURIComponent(m.id_impor)}`}>{m.nama_berkas}</Link>{' '}
              <Badge state={`impor-${m.status}`}>{I.states[m.status]}</Badge>
              <br />
              <small className="muted">
                {I.jenis[m.jenis]} · {angka(m.jumlah.baris)} {I.colJumlah.toLowerCase()} · {waktu(m.created_at)} · {m.oleh_nama}
              </small>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
