import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { api, messageOf } from './api';
import { angka } from './format';
import { sessionEnded, signIn, signOut, useSession, type Session, type User } from './session';
import { T } from './texts';

/** The page's frame: a header with the pages and the account, then the page's own content. */
export function Layout({ page, children }: { page: keyof typeof T.nav; children: ReactNode }) {
  const session = useSession();
  return (
    <>
      <a className="skip" href="#isi">
        Langsung ke isi
      </a>
      <header className="top no-print">
        <strong className="brand">{T.appName}</strong>
        <nav aria-label="Halaman">
          {(Object.keys(T.nav) as (keyof typeof T.nav)[]).map((p) => (
            <a key={p} href={`/${p}`} aria-current={p === page ? 'page' : undefined}>
              {T.nav[p]}
            </a>
          ))}
        </nav>
        {session && (
          <span className="who">
            <span>
              {session.user.full_name} ({T.roles[session.user.role] ?? session.user.role})
            </span>
            <button type="button" className="link" onClick={signOut}>
              {T.signIn.signOut}
            </button>
          </span>
        )}
      </header>
      <main id="isi" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}

/** A result or failure message that brings itself into view (and to a screen reader) when it changes. */
export function Notice({ kind, children }: { kind: 'ok' | 'error' | 'info'; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest', behavior: 'auto' });
  }, [children]);
  if (!children) return null;
  return (
    <div ref={ref} className={`notice ${kind}`} role={kind === 'error' ? 'alert' : 'status'} data-notice={kind}>
      {children}
    </div>
  );
}

/** A step's result (evaluasi/hooks.ts `result`): a new serial brings the same words into view again. */
export function Outcome({ of }: { of?: { kind: 'ok' | 'error' | 'info'; text: string; n: number } }) {
  return of ? (
    <Notice key={of.n} kind={of.kind}>
      {of.text}
    </Notice>
  ) : null;
}

export interface FieldErrors {
  [field: string]: string;
}

/**
 * A refused form's summary: every wrong field named, each a link that moves focus to it.
 * It takes focus itself when it appears, so the person sees it wherever they were.
 */
export function ErrorSummary({ errors, labels }: { errors: FieldErrors; labels: Record<string, string> }) {
  const ref = useRef<HTMLDivElement>(null);
  const keys = Object.keys(errors);
  useEffect(() => {
    if (keys.length) {
      ref.current?.focus();
      ref.current?.scrollIntoView({ block: 'nearest' });
    }
  }, [errors, keys.length]);
  if (!keys.length) return null;
  return (
    <div ref={ref} className="notice error summary" role="alert" tabIndex={-1} data-notice="error">
      <p>{T.summaryTitle(keys.length)}</p>
      <ul>
        {keys.map((k) => (
          <li key={k}>
            <a
              href={`#f-${k}`}
              onClick={(e) => {
                e.preventDefault();
                document.getElementById(`f-${k}`)?.focus();
              }}
            >
              {labels[k] ? `${labels[k]}: ` : ''}
              {errors[k]}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A labelled field with its message beside it; `name` gives the element id `f-<name>` the summary links to. */
export function Field({
  name,
  label,
  error,
  hint,
  children,
}: {
  name: string;
  label: string;
  error?: string;
  hint?: string;
  children: (props: { id: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string; name: string }) => ReactNode;
}) {
  const id = `f-${name}`;
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <small id={`${id}-hint`} className="hint">
          {hint}
        </small>
      )}
      {error && (
        <small id={`${id}-error`} className="field-error">
          {error}
        </small>
      )}
      {children({ id, name, 'aria-invalid': error ? true : undefined, 'aria-describedby': described })}
    </div>
  );
}

/** A yes/no question before an irreversible step, with a summary of what will happen. */
export function ConfirmDialog({
  title,
  confirmLabel,
  children,
  onConfirm,
  onCancel,
}: {
  title: string;
  confirmLabel: string;
  children: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);
  return (
    <dialog ref={ref} className="confirm" aria-labelledby={titleId} onCancel={onCancel}>
      <h2 id={titleId}>{title}</h2>
      <div className="confirm-body">{children}</div>
      <div className="actions">
        <button type="button" onClick={onCancel}>
          {T.confirm.cancel}
        </button>
        <button type="button" className="primary" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}

/** A path of the page that is none of its views, with the way back to the page's start (`card`: the quiet form of a page without alerts). */
export function NotFound({ back = T.backHome, card }: { back?: string; card?: boolean }) {
  const home = <Link to="/">{back}</Link>;
  if (card)
    return (
      <section className="card">
        <p>{T.notFound}</p>
        {home}
      </section>
    );
  return (
    <>
      <Notice kind="error">{T.notFound}</Notice>
      <p>{home}</p>
    </>
  );
}

/** A table that scrolls sideways on a narrow screen: a region named by its heading (`labelledBy`), reachable by keyboard. */
export function TableScroll({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-labelledby={labelledBy}>
      {children}
    </div>
  );
}

/** Column headings of numbers (right-aligned). */
export function NumHeads({ labels }: { labels: ReactNode[] }) {
  return labels.map((label, i) => (
    <th key={i} scope="col" className="num">
      {label}
    </th>
  ));
}

/** A row's cells of numbers (right-aligned; a number in Indonesian digits, a text as it is). */
export function NumCells({ values }: { values: (number | string)[] }) {
  return values.map((v, i) => (
    <td key={i} className="num">
      {typeof v === 'number' ? angka(v) : v}
    </td>
  ));
}

/** A state in a word and a colour of its own (the class names the state). */
export function Badge({ state, children }: { state: string; children: ReactNode }) {
  return <span className={`badge state-${state}`}>{children}</span>;
}

/** Shown instead of the page's content until someone signs in; the page comes back as it was. */
export function SignInGate({ children }: { children: (s: Session) => ReactNode }) {
  const session = useSession();
  if (session) return <>{children(session)}</>;
  return <SignInForm />;
}

function SignInForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    const wrong: FieldErrors = {};
    if (!email.trim()) wrong.email = T.signIn.emailMissing;
    if (!password) wrong.password = T.signIn.passwordMissing;
    setErrors(wrong);
    setFailure('');
    if (Object.keys(wrong).length) return;
    setBusy(true);
    try {
      const r = await api<{ token: string; user: User }>('POST', '/auth/login', { email: email.trim(), password });
      signIn({ token: r.data.token, user: r.data.user });
    } catch (err) {
      setFailure(messageOf(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className="card narrow" aria-labelledby="judul-masuk">
      <h1 id="judul-masuk">{T.signIn.title}</h1>
      {!failure && sessionEnded() && <Notice kind="info">{sessionEnded() === 'expired' ? T.signIn.expired : T.signIn.signedOut}</Notice>}
      <ErrorSummary errors={errors} labels={{ email: T.signIn.email, password: T.signIn.password }} />
      <Notice kind="error">{failure}</Notice>
      <form onSubmit={submit} noValidate>
        <Field name="email" label={T.signIn.email} error={errors.email}>
          {(p) => <input {...p} type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} />}
        </Field>
        <Field name="password" label={T.signIn.password} error={errors.password}>
          {(p) => (
            <input {...p} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          )}
        </Field>
        <button type="submit" className="primary" disabled={busy}>
          {busy ? T.busy : T.signIn.submit}
        </button>
      </form>
    </section>
  );
}
