import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError, messageOf } from '../core/api';
import type { FieldErrors } from '../core/components';

export interface Loaded<T> {
  data?: T;
  error?: string;
  /** The HTTP status of a failed load (404: not there). */
  status?: number;
  loading: boolean;
  reload: () => void;
  set: (data: T) => void;
}

/** Loads what a view shows when it opens (and again on `reload`); the API's message when it fails. */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[]): Loaded<T> {
  const [state, setState] = useState<{ data?: T; error?: string; status?: number; loading: boolean }>({ loading: true });
  const [turn, setTurn] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    loadRef.current().then(
      (data) => live && setState({ data, loading: false }),
      (err) => live && setState({ error: messageOf(err), status: err instanceof ApiError ? err.status : 0, loading: false }),
    );
    return () => {
      live = false;
    };
  }, [...deps, turn]);
  const reload = useCallback(() => setTurn((n) => n + 1), []);
  const set = useCallback((data: T) => setState({ data, loading: false }), []);
  return { ...state, reload, set };
}

/** A result to show: its kind, text and a serial, so the same text twice still comes back into view. */
export interface Result {
  kind: 'ok' | 'error' | 'info';
  text: string;
  n: number;
}

let serial = 0;
export const result = (kind: Result['kind'], text: string): Result => ({ kind, text, n: ++serial });

/**
 * The result of the action that brought the person here (e.g. "Evaluasi berhasil dibuat" after
 * the form moved them to the round): read from the history entry once, so a reload does not
 * show it again.
 */
export function useArrivalResult(): [Result | undefined, (r: Result | undefined) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const carried = (location.state as { result?: Result } | null)?.result;
  const [shown, setShown] = useState<Result | undefined>(carried);
  useEffect(() => {
    if (carried) {
      setShown(carried);
      navigate(location.pathname + location.search, { replace: true, state: null });
    }
  }, [carried, location.pathname, location.search, navigate]);
  return [shown, setShown];
}

/**
 * An API refusal as the form shows it: the fields it names mapped to the form's own field
 * names (`mapField`), the rest as one message.
 */
export function refusalOf(err: unknown, mapField: (apiField: string) => string | undefined): { fields: FieldErrors; message?: string } {
  if (!(err instanceof ApiError)) return { fields: {}, message: messageOf(err) };
  const fields: FieldErrors = {};
  let unplaced = false;
  for (const [k, v] of Object.entries(err.fields)) {
    const name = mapField(k);
    if (name) fields[name] ??= v;
    else unplaced = true;
  }
  return Object.keys(fields).length && !unplaced ? { fields } : { fields, message: err.message };
}

/** The summary's labels for the errors whose message does not already name its field. */
export function labelsFor(errors: FieldErrors, labels: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, msg] of Object.entries(errors)) {
    const label = labels[k];
    if (label && !msg.toLowerCase().includes(label.toLowerCase())) out[k] = label;
  }
  return out;
}

/**
 * A form's refused fields: `errors` for its summary (as refused, until the next attempt) and
 * `of(name)` beside each field, gone once the person changes that field.
 */
export function useFormErrors() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [changed, setChanged] = useState<ReadonlySet<string>>(new Set());
  const set = (e: FieldErrors) => {
    setErrors(e);
    setChanged(new Set());
  };
  return {
    errors,
    set,
    /** A refusal's fields beside the form's own (`mapField`); answers the rest as one message (useStep's `failed`). */
    refusal: (mapField: (apiField: string) => string | undefined) => (err: unknown) => {
      const refused = refusalOf(err, mapField);
      set(refused.fields);
      return refused.message;
    },
    of: (name: string) => (changed.has(name) ? undefined : errors[name]),
    changed: (name: string) => {
      if (errors[name] && !changed.has(name)) setChanged((c) => new Set(c).add(name));
    },
  };
}

/**
 * A step the person starts (a save, a download, a reminder): `running` names the one under way
 * (`busy` while any is), then its words as the result; when it fails, `failed`'s words (the API's
 * message unless told otherwise; none: no result).
 */
export function useStep(setOutcome: (r: Result | undefined) => void, failed: (err: unknown) => string | undefined = messageOf) {
  const [running, setRunning] = useState('');
  async function run(step: () => Promise<string | void>, what = 'step') {
    setRunning(what);
    setOutcome(undefined);
    try {
      const text = await step();
      if (typeof text === 'string') setOutcome(result('ok', text));
    } catch (err) {
      const text = failed(err);
      if (text) setOutcome(result('error', text));
    } finally {
      setRunning('');
    }
  }
  return { busy: running !== '', running, run };
}
