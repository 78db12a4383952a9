import { useEffect, useId, useState, type FormEvent } from 'react';
import { Route, Routes } from 'react-router';
import { api, messageOf } from '../core/api';
import { Notice, NotFound } from '../core/components';
import { mountSignedIn } from '../core/mount';
import { signOut, type Session } from '../core/session';
import { T } from '../core/texts';
import './akun.css';

const A = T.akun;

/** GET and PUT /api/akun/notifikasi. */
interface Switches {
  pengingat: boolean;
  perubahan: boolean;
}

mountSignedIn('akun', (session) => (
  <Routes>
    <Route index element={<Account session={session} />} />
    <Route path="*" element={<NotFound card />} />
  </Routes>
));

function Account({ session }: { session: Session }) {
  const { user } = session;
  return (
    <>
      <h1>{A.title}</h1>
      <section className="card" aria-labelledby="judul-akun">
        <h2 id="judul-akun">{A.whoTitle}</h2>
        <dl className="who-list">
          <dt>{A.name}</dt>
          <dd data-akun="nama">{user.full_name}</dd>
          <dt>{A.email}</dt>
          <dd data-akun="email">{user.email}</dd>
          <dt>{A.role}</dt>
          <dd data-akun="peran">{T.roles[user.role] ?? user.role}</dd>
        </dl>
      </section>
      <NotificationSettings />
      <section className="card" aria-labelledby="judul-keluar">
        <h2 id="judul-keluar">{A.signOutTitle}</h2>
        <p>{A.signOutLead}</p>
        <button type="button" id="keluar" onClick={signOut}>
          {T.signIn.signOut}
        </button>
      </section>
    </>
  );
}

function NotificationSettings() {
  const [saved, setSaved] = useState<Switches>();
  const [form, setForm] = useState<Switches>();
  const [result, setResult] = useState<{ kind: 'ok' | 'error'; text: string }>();
  const [busy, setBusy] = useState(false);
  const [loadError, setLoadError] = useState('');

  useEffect(() => {
    let live = true;
    api<Switches>('GET', '/api/akun/notifikasi').then(
      (r) => {
        if (!live) return;
        setSaved(r.data);
        setForm(r.data);
      },
      (err: unknown) => live && setLoadError(messageOf(err)),
    );
    return () => {
      live = false;
    };
  }, []);

  // a result shown stays true: it goes when the switches change again
  function change(next: Switches) {
    setForm(next);
    setResult(undefined);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!form) return;
    setBusy(true);
    setResult(undefined);
    try {
      const r = await api<Switches>('PUT', '/api/akun/notifikasi', form);
      setSaved(r.data);
      setForm(r.data);
      setResult({ kind: 'ok', text: [r.message, A.state(r.data.pengingat, r.data.perubahan)].filter(Boolean).join('. ') });
    } catch (err) {
      setResult({ kind: 'error', text: messageOf(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card" aria-labelledby="judul-notifikasi" aria-busy={!form && !loadError}>
      <h2 id="judul-notifikasi">{A.notifTitle}</h2>
      <p>{A.notifLead}</p>
      <Notice kind="error">{loadError}</Notice>
      {!form && !loadError && <p className="muted">{T.loading}</p>}
      {form && saved && (
        <form id="form-notifikasi" onSubmit={submit} noValidate>
          {(['pengingat', 'perubahan'] as const).map((k) => (
            <Switch key={k} name={k} label={A[k]} hint={A[`${k}Hint`]} checked={form[k]} onChange={(v) => change({ ...form, [k]: v })} />
          ))}
          <button type="submit" className="primary" disabled={busy}>
            {busy ? T.busy : A.save}
          </button>
          <div className="result">{result && <Notice kind={result.kind}>{result.text}</Notice>}</div>
        </form>
      )}
    </section>
  );
}

/** A labelled on/off switch (a checkbox with role="switch"), its state in a word beside it. */
function Switch({
  name,
  label,
  hint,
  checked,
  onChange,
}: {
  name: string;
  label: string;
  hint: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  const hintId = useId();
  return (
    <div className="switch-row">
      <label className="switch" htmlFor={`f-${name}`}>
        <input
          id={`f-${name}`}
          name={name}
          type="checkbox"
          role="switch"
          checked={checked}
          aria-describedby={hintId}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span className="track" aria-hidden="true" />
        <span className="switch-label">{label}</span>
        <span className={`switch-state ${checked ? 'on' : 'off'}`} aria-hidden="true">
          {checked ? A.on : A.off}
        </span>
      </label>
      <small id={hintId} className="hint">
        {hint}
      </small>
    </div>
  );
}
