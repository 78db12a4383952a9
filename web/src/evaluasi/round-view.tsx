import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { api, messageOf } from '../core/api';
import { isOffice, type Session } from '../core/session';
import { ConfirmDialog, Outcome } from '../core/components';
import { waktu } from '../core/format';
import { T } from '../core/texts';
import { result, useArrivalResult, useLoad, type Result } from './hooks';
import { BackLink, LoadState, regionOf, RoundBadge, RoundFacts, StateBadge } from './parts';
import { Averages, Moves, Regions, StateCounts } from './summary';
import type { Round, Summary, VillageRow } from './types';
import { VillageList } from './village-list';

const E = T.evaluasi;
const R = E.round;

/** /evaluasi/:id: the office's rekap and villages with its actions, or a manager's villages in the round. */
export function RoundView({ session }: { session: Session }) {
  const { id = '' } = useParams();
  const round = useLoad(async () => (await api<Round>('GET', `/api/evaluasi/${encodeURIComponent(id)}`)).data, [id]);
  const [arrival, setArrival] = useArrivalResult();
  useEffect(() => {
    if (round.data) document.title = `${round.data.nama} · ${T.appName}`;
  }, [round.data]);
  if (!round.data) return <LoadState loaded={round} notFound={E.notFound} />;
  const r = round.data;
  return (
    <>
      <BackLink to="/">{E.back}</BackLink>
      <div className="heading-row">
        <h1>{r.nama}</h1>
        <RoundBadge round={r} />
      </div>
      <RoundFacts round={r} />
      {isOffice(session) ? (
        <OfficeRound round={r} onRound={round.set} arrival={arrival} setArrival={setArrival} />
      ) : (
        <>
          <Outcome of={arrival} />
          <ManagerRound round={r} />
        </>
      )}
    </>
  );
}

function OfficeRound({
  round,
  onRound,
  arrival,
  setArrival,
}: {
  round: Round;
  onRound: (r: Round) => void;
  arrival?: Result;
  setArrival: (r: Result | undefined) => void;
}) {
  const id = round.id_evaluasi;
  const summary = useLoad(async () => (await api<Summary>('GET', `/api/evaluasi/${encodeURIComponent(id)}/rekap`)).data, [id]);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [busy, setBusy] = useState('');
  const navigate = useNavigate();
  const path = `/api/evaluasi/${encodeURIComponent(id)}`;

  async function act(what: string, run: () => Promise<string>) {
    setBusy(what);
    setArrival(undefined);
    try {
      setArrival(result('ok', await run()));
    } catch (err) {
      setArrival(result('error', messageOf(err)));
    } finally {
      setBusy('');
    }
  }
  const remove = () =>
    act('hapus', async () => {
      setConfirmDelete(false);
      const r = await api('DELETE', path);
      navigate('/', { state: { result: result('ok', r.message ?? '') } });
      return r.message ?? '';
    });
  const remind = () =>
    act('pengingat', async () => {
      const r = await api('POST', `${path}/pengingat`);
      onRound((await api<Round>('GET', path)).data);
      return r.message ?? '';
    });
  const download = () => act('ekspor', async () => R.exportDone(await exportXlsx(id)));

  return (
    <>
      <div className="actions toolbar" role="group" aria-label={R.rekap}>
        {round.status !== 'selesai' && (
          <Link className="button" to={`/${encodeURIComponent(id)}/ubah`}>
            {R.edit}
          </Link>
        )}
        <button type="button" onClick={download} disabled={busy !== ''}>
          {busy === 'ekspor' ? T.busy : R.exportXlsx}
        </button>
        <Link className="button" to={`/${encodeURIComponent(id)}/cetak`}>
          {R.print}
        </Link>
        <button type="button" className="danger" onClick={() => setConfirmDelete(true)} disabled={busy !== ''}>
          {R.remove}
        </button>
      </div>
      <div className="remind">
        {round.status === 'penilaian_mandiri' && (
          <button type="button" onClick={remind} disabled={busy !== ''} aria-describedby="pengingat-ket">
            {busy === 'pengingat' ? T.busy : R.remind}
          </button>
        )}
        <p id="pengingat-ket" className="muted" data-last-reminder={round.pengingat_terakhir ?? ''}>
          {round.pengingat_terakhir ? R.remindLast(waktu(round.pengingat_terakhir)) : R.remindNever}{' '}
          {round.status === 'penilaian_mandiri' ? R.remindHint : R.remindOutside}
        </p>
      </div>
      <Outcome of={arrival} />
      {confirmDelete && (
        <ConfirmDialog title={R.removeTitle} confirmLabel={R.removeConfirm} onConfirm={remove} onCancel={() => setConfirmDelete(false)}>
          <p>{R.removeBody(round.nama)}</p>
        </ConfirmDialog>
      )}
      {!summary.data ? (
        <LoadState loaded={summary} />
      ) : (
        <>
          <section className="card" aria-labelledby="judul-rekap">
            <h2 id="judul-rekap">{R.rekap}</h2>
            <StateCounts summary={summary.data} />
            <Moves summary={summary.data} />
            <Averages summary={summary.data} />
            <Regions summary={summary.data} />
          </section>
          <VillageList id={id} summary={summary.data} />
        </>
      )}
    </>
  );
}

/**
 * Downloads the round's XLSX: the API stores it and answers its link (`tautan=1`, a same-origin
 * fetch with the token), and the page navigates to the link, which CSP's connect-src does not
 * govern; the file comes as an attachment, so the page stays. The file's name.
 */
async function exportXlsx(id: string): Promise<string> {
  const { data } = await api<{ url: string; nama_berkas: string }>(
    'GET',
    `/api/evaluasi/${encodeURIComponent(id)}/export?format=xlsx&tautan=1`,
  );
  window.location.assign(data.url);
  return data.nama_berkas;
}

/** Whether the manager can still fill the village's self-assessment (a returned one also while the office reviews). */
const canFill = (round: Round, v: VillageRow) =>
  (round.status === 'penilaian_mandiri' && (v.status === 'belum' || v.status === 'draf' || v.status === 'dikembalikan')) ||
  (round.status === 'peninjauan' && v.status === 'dikembalikan');

/** A manager's villages in the round, each with its state and a way in. */
function ManagerRound({ round }: { round: Round }) {
  const id = round.id_evaluasi;
  const villages = useLoad(
    async () => (await api<VillageRow[]>('GET', `/api/evaluasi/${encodeURIComponent(id)}/desa?limit=1000`)).data,
    [id],
  );
  return (
    <section className="card" aria-labelledby="judul-desa-saya">
      <h2 id="judul-desa-saya">{R.managerTitle}</h2>
      {!villages.data ? (
        <LoadState loaded={villages} />
      ) : villages.data.length === 0 ? (
        <p>{R.managerNone}</p>
      ) : (
        <ul className="my-villages">
          {villages.data.map((v) => (
            <li key={v.kd_desa} data-kd={v.kd_desa}>
              <div>
                <strong>{v.nama_desa}</strong>
                <small className="muted block">{regionOf(v)}</small>
              </div>
              <StateBadge state={v.status} />
              <Link
                className={canFill(round, v) ? 'button primary' : 'button'}
                to={`/${encodeURIComponent(id)}/desa/${encodeURIComponent(v.kd_desa)}`}
              >
                {canFill(round, v) ? R.fill : R.view}
                <span className="sr-only">{`: ${v.nama_desa}`}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
