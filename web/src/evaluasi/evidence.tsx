import { useState, type ChangeEvent } from 'react';
import { api, apiUpload, messageOf } from '../core/api';
import { T } from '../core/texts';
import { waktu } from '../core/format';
import { ACCEPT, FILE_MAX_BYTES, prepare } from './photos';
import type { Assessment, Criterion, Evidence, EvidenceFile } from './types';

const V = T.evaluasi.village;
/** At most this many files per criterion (the API's limit). */
const FILES_PER_CRITERION = 5;

const fileName = (f: EvidenceFile, i: number) => (f.tipe === 'application/pdf' ? V.pdf(i + 1) : V.photo(i + 1));

/** A submission the office returned for correction: when, and the office's note. */
export function ReturnedBanner({ assessment: a }: { assessment: Assessment }) {
  if (a.status !== 'dikembalikan') return null;
  return (
    <div className="banner warn" data-banner="dikembalikan">
      <p>{V.bannerReturned(waktu(a.dikembalikan_at))}</p>
      {a.catatan_pengembalian && (
        <p>
          <strong>{V.returnedNote}</strong> {a.catatan_pengembalian}
        </p>
      )}
    </div>
  );
}

/** A criterion as the manager sent it, read-only: its value, note, links and files. */
export function SentCriterion({ value, evidence, empty }: { value: number | undefined; evidence: Evidence | undefined; empty: string }) {
  return (
    <>
      <p className="value-read">{value ?? empty}</p>
      {evidence?.catatan && <p className="note">{evidence.catatan}</p>}
      {evidence?.tautan && evidence.tautan.length > 0 && (
        <ul className="links">
          {evidence.tautan.map((t) => (
            <li key={t}>
              <a href={t} target="_blank" rel="noopener noreferrer">
                {t}
              </a>
            </li>
          ))}
        </ul>
      )}
      <FileLinks files={evidence?.berkas ?? []} />
    </>
  );
}

/** A criterion's evidence files as links that open them (the links expire after a while; reloading the page renews them). */
export function FileLinks({ files }: { files: readonly EvidenceFile[] }) {
  if (!files.length) return null;
  return (
    <ul className="files">
      {files.map((f, i) => (
        <li key={f.key}>
          <FileLink file={f} i={i} />
        </li>
      ))}
    </ul>
  );
}

function FileLink({ file, i }: { file: EvidenceFile; i: number }) {
  const label = `${fileName(file, i)} (${V.size(file.ukuran)})`;
  return file.url ? (
    <a href={file.url} target="_blank" rel="noopener noreferrer">
      {label}
    </a>
  ) : (
    <span>{label}</span>
  );
}

interface Upload {
  name: string;
  /** 0–100 while sending; undefined while the photo is being shrunk. */
  pct?: number;
}

/**
 * A criterion's files while the self-assessment is open: each removable, and new ones chosen
 * here shrunk (photos) and sent one per request with their progress. Refusals are in the
 * person's words before anything is sent.
 */
export function EvidenceEditor({
  criterion,
  label,
  files,
  path,
  error,
  onError,
  onAssessment,
  onResult,
}: {
  criterion: Criterion;
  label: string;
  files: readonly EvidenceFile[];
  path: string;
  error?: string;
  onError: (message: string | undefined) => void;
  onAssessment: (a: Assessment) => void;
  onResult: (kind: 'ok' | 'error', text: string) => void;
}) {
  const [upload, setUpload] = useState<Upload>();
  const [removing, setRemoving] = useState('');
  const busy = upload !== undefined || removing !== '';
  const full = files.length >= FILES_PER_CRITERION;
  const id = `f-berkas-${criterion}`;

  async function chosen(e: ChangeEvent<HTMLInputElement>) {
    const picked = [...(e.target.files ?? [])];
    e.target.value = ''; // the same file can be chosen again
    if (!picked.length) return;
    onError(undefined);
    if (files.length + picked.length > FILES_PER_CRITERION) {
      onError(V.fileTooMany);
      onResult('error', `${label}: ${V.fileTooMany}`);
      return;
    }
    const refused: string[] = [];
    let sent = 0;
    let last = '';
    for (const file of picked) {
      setUpload({ name: file.name });
      const ready = await prepare(file);
      if (!ready.ok) {
        refused.push(
          ready.why === 'type'
            ? V.fileType(file.name)
            : ready.why === 'unreadable'
              ? V.fileUnreadable(file.name)
              : V.fileTooLarge(file.name, V.size(file.size), V.size(FILE_MAX_BYTES)),
        );
        continue;
      }
      const form = new FormData();
      form.append('data', JSON.stringify({ kriteria: criterion }));
      form.append('berkas', ready.file, ready.file.name);
      setUpload({ name: file.name, pct: 0 });
      try {
        const r = await apiUpload<Assessment>(`${path}/mandiri/bukti`, form, (share) =>
          setUpload({ name: file.name, pct: Math.round(share * 100) }),
        );
        onAssessment(r.data);
        last = r.message ?? '';
        sent++;
      } catch (err) {
        refused.push(`"${file.name}": ${messageOf(err)}`);
      }
    }
    setUpload(undefined);
    if (refused.length) {
      onError(refused.join(' '));
      onResult('error', `${label}: ${refused.join(' ')}`);
    } else onResult('ok', sent > 1 ? V.uploaded(sent) : last || V.uploaded(sent));
  }

  async function remove(f: EvidenceFile, name: string) {
    setRemoving(f.key);
    try {
      const r = await api<Assessment>('DELETE', `${path}/mandiri/bukti?${new URLSearchParams({ berkas: f.key })}`);
      onAssessment(r.data);
      onResult('ok', r.message ?? '');
    } catch (err) {
      onResult('error', `${name}: ${messageOf(err)}`);
    } finally {
      setRemoving('');
    }
  }

  return (
    <div className="evidence">
      {files.length > 0 && (
        <ul className="files" data-berkas={criterion}>
          {files.map((f, i) => (
            <li key={f.key}>
              <FileLink file={f} i={i} />
              <button type="button" className="link" onClick={() => remove(f, fileName(f, i))} disabled={busy}>
                {removing === f.key ? T.busy : V.removeFile(fileName(f, i))}
                <span className="sr-only">{` (${label})`}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {/* the browser's own file button speaks the browser's language and looks unlike the rest: a label stands in for it */}
      <div className={`field${error ? ' has-error' : ''}`}>
        <span className="label" id={`${id}-label`}>
          {V.berkas}
        </span>
        <small id={`${id}-hint`} className="hint">
          {V.berkasHint(V.size(FILE_MAX_BYTES))}
        </small>
        {error && (
          <small id={`${id}-error`} className="field-error">
            {error}
          </small>
        )}
        <input
          id={id}
          className="file-input"
          type="file"
          accept={ACCEPT}
          multiple
          onChange={chosen}
          disabled={busy || full}
          aria-labelledby={`${id}-label ${id}-button`}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
        />
        <label htmlFor={id} id={`${id}-button`} className="button file-button" aria-hidden="true">
          {full ? V.filesFull : V.chooseFiles}
        </label>
      </div>
      {upload && (
        <div className="upload" role="status">
          {upload.pct === undefined ? (
            <span>{V.shrinking(upload.name)}</span>
          ) : (
            <>
              <label htmlFor={`progress-${criterion}`}>{V.uploading(upload.name, upload.pct)}</label>
              <progress id={`progress-${criterion}`} max={100} value={upload.pct} />
            </>
          )}
        </div>
      )}
    </div>
  );
}
