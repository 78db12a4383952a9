import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { ApiError, api, messageOf } from '../core/api';
import { Badge, ConfirmDialog, Notice, Outcome } from '../core/components';
import { angka, waktu } from '../core/format';
import { T } from '../core/texts';
import { useStep, type Result } from '../evaluasi/hooks';
import { BackLink } from '../pemantauan/parts';
import { downloadFile } from './download';
import { working, type ImportStatus, type RowProblem } from './types';

const I = T.impor;
/** How often the view asks for the import while the worker checks or applies it. */
const POLL_MS = 2000;

/** One import: its check's result, its refused rows, "Jalankan impor", progress and outcome; asks again every 2 s while the worker is at it. */
export function ImportView() {
  const id = useParams().id!;
  const [imp, setImp] = useState<ImportStatus>();
  const [loadError, setLoadError] = useState<{ text: string; status: number }>();
  const [turn, setTurn] = useState(0);
  const [outcome, setOutcome] = useState<Result>();
  const [asking, setAsking] = useState(false);
  const { running: busy, run } = useStep(setOutcome);

  useEffect(() => {
    let live = true;
    api<ImportStatus>('GET', `/api/impor/${encodeURIComponent(id)}`).then(
      (r) => {
        if (!live) return;
        setImp(r.data);
        setLoadError(undefined);
      },
      (err) => live && setLoadError({ text: messageOf(err), status: err instanceof ApiError ? err.status : 0 }),
    );
    return () => {
      live = false;
    };
  }, [id, turn]);
  const again = useCallback(() => setTurn((n) => n + 1), []);
  // while memeriksa/berjalan (or after a failed ask, unless the import is gone), ask again
  const poll = (imp && working(imp.status)) || (loadError && loadError.status !== 404 && loadError.status !== 403);
  useEffect(() => {
    if (!poll) return;
    const t = setTimeout(again, POLL_MS);
    return () => clearTimeout(t);
  }, [poll, turn, again]);

  const start = () => {
    setAsking(false);
    return run(async () => {
      try {
        setImp((await api<ImportStatus>('POST', `/api/impor/${encodeURIComponent(id)}/jalankan`)).data);
      } catch (err) {
        // 409: checked again, already started or done — the import's state says which
        again();
        throw err;
      }
    }, 'run');
  };
  const downloadRefused = () =>
    run(async () => {
      const name = await downloadFile(`/api/impor/${encodeURIComponent(id)}/kesalahan?format=xlsx`, `impor-${id}-kesalahan.xlsx`);
      return I.downloaded(name);
    }, 'download');

  if (!imp) {
    return (
      <>
        <BackLink to="/">{I.back}</BackLink>
        {loadError ? (
          <Notice kind="error">{loadError.status === 404 ? I.notFound : loadError.text}</Notice>
        ) : (
          <p aria-live="polite">{T.loading}</p>
        )}
      </>
    );
  }
  const j = imp.jumlah;
  const h = imp.hasil;
  const problems = imp.baris_ditolak.total + imp.baris_gagal.total;
  return (
    <>
      <BackLink to="/">{I.back}</BackLink>
      <div className="heading-row">
        <h1>{imp.nama_berkas}</h1>
        <Badge state={`impor-${imp.status}`}>{I.states[imp.status]}</Badge>
      </div>
      <p className="lead">
        {I.jenis[imp.jenis]} · {I.by(imp.oleh_nama, waktu(imp.created_at))}
      </p>
      {loadError && <Notice kind="info">{I.pollFailed}</Notice>}

      <section className="card" aria-labelledby="hasil-periksa" data-status={imp.status}>
        <h2 id="hasil-periksa">{imp.status === 'selesai' || imp.status === 'gagal' ? I.doneTitle : I.checkTitle}</h2>
        {imp.status === 'memeriksa' && (
          <p aria-live="polite" data-checking>
            {I.checking}
          </p>
        )}
        {imp.status === 'ditolak' && (
          <Notice kind="error">
            {I.refusedWhole} {imp.pesan}
          </Notice>
        )}
        {(imp.status === 'siap' || imp.status === 'berjalan' || imp.status === 'ditolak') && j.baris > 0 && (
          <p data-counts>{I.counts(angka(j.baris), angka(j.dibuat), angka(j.diubah), angka(j.tidak_berubah), angka(j.ditolak))}</p>
        )}
        {imp.status === 'siap' && <p className="muted">{I.readyLead}</p>}
        {imp.status === 'berjalan' && (
          <p className="upload" aria-live="polite">
            <label htmlFor="kemajuan-impor">
              {I.progress(angka(imp.kemajuan.diterapkan), angka(imp.kemajuan.total), imp.kemajuan.persen)}
            </label>
            <progress id="kemajuan-impor" max={Math.max(imp.kemajuan.total, 1)} value={imp.kemajuan.diterapkan} />
          </p>
        )}
        {(imp.status === 'selesai' || imp.status === 'gagal') && (
          <Notice kind={imp.status === 'selesai' && h.gagal === 0 ? 'ok' : 'error'}>
            <span data-outcome>
              {imp.status === 'gagal' ? `${I.failed} ` : ''}
              {I.done(angka(h.dibuat), angka(h.diubah), angka(h.tidak_berubah), angka(h.gagal))}
            </span>
          </Notice>
        )}
        {(imp.status === 'selesai' || imp.status === 'gagal') && j.ditolak > 0 && <p>{I.refusedAtCheck(angka(j.ditolak))}</p>}
        <Outcome of={outcome} />
        <div className="actions">
          {imp.status === 'siap' && (
            <button type="button" className="primary" disabled={busy !== ''} onClick={() => setAsking(true)}>
              {busy === 'run' ? T.busy : I.run}
            </button>
          )}
          {problems > 0 && (
            <button type="button" disabled={busy !== ''} onClick={downloadRefused}>
              {busy === 'download' ? T.busy : I.downloadRefused}
            </button>
          )}
          {!working(imp.status) && imp.status !== 'siap' && (
            <a className="button-link" href="/impor">
              {I.another}
            </a>
          )}
        </div>
      </section>

      {imp.baris_ditolak.total > 0 && <Problems title={I.refusedTitle} list={imp.baris_ditolak} id="ditolak" />}
      {imp.baris_gagal.total > 0 && <Problems title={I.failedTitle} list={imp.baris_gagal} id="gagal" />}

      {asking && (
        <ConfirmDialog title={I.runTitle} confirmLabel={I.run} onConfirm={start} onCancel={() => setAsking(false)}>
          <p>{I.runBody(angka(j.valid), I.jenis[imp.jenis]!.toLowerCase())}</p>
        </ConfirmDialog>
      )}
    </>
  );
}

/** Refused rows: row, column, message; on a phone each row is a block of its own (impor.css). */
function Problems({ title, list, id }: { title: string; list: { total: number; baris: RowProblem[] }; id: string }) {
  return (
    <section className="card" aria-labelledby={`judul-${id}`}>
      <h2 id={`judul-${id}`}>{title}</h2>
      {list.total > list.baris.length && <p className="muted">{I.refusedShown(list.baris.length, angka(list.total))}</p>}
      <table className="problems" data-problems={id}>
        <thead>
          <tr>
            <th scope="col" className="num">
              {I.colBaris}
            </th>
            <th scope="col">{I.colKolom}</th>
            <th scope="col">{I.colPesan}</th>
          </tr>
        </thead>
        <tbody>
          {list.baris.map((p, i) => (
            <tr key={`${p.baris}-${p.kolom}-${i}`} data-baris={p.baris}>
              <td className="num" data-label={I.colBaris}>
                {p.baris}
              </td>
              <td data-label={I.colKolom}>{p.kolom ?? I.wholeRow}</td>
              <td data-label={I.colPesan}>{p.pesan}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
