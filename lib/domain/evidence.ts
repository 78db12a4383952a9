import type { MultipartLimits, UploadedFile } from '../contract/files';
import { invalid, unsupported } from '../contract/errors';
import { MSG } from '../contract/messages';
import { log } from '../platform/log';
import { EVIDENCE_FILES_PER_CRITERION, type EvidenceFile } from '../db/evaluations';
import { SCORE_FIELDS, type ScoreField } from '../db/scores';
import { sniffImageType } from '../storage/image-type';
import { deleteEvidence, deleteRoundEvidence as deleteAllOfRound, evidenceLink, putEvidence } from '../storage/evidence';
import { IMAGE_MAX_BYTES, madeImages } from './images';

/**
 * Evidence files of a self-assessment: per criterion the files `bukti_<criterion>[]` of a
 * multipart request, each an image (JPG, PNG, WebP: re-encoded like every image, so no GPS
 * or other metadata is kept) or a PDF (kept as sent), ≤ 5 MB, the type sniffed from the
 * bytes. They are private (lib/storage/evidence.ts) and shown as links that expire.
 */
export const evidenceField = (f: ScoreField) => `bukti_${f}`;
export const EVIDENCE_LIMITS: MultipartLimits = {
  fileSize: IMAGE_MAX_BYTES,
  files: 30,
  filesPerField: EVIDENCE_FILES_PER_CRITERION,
  fileFields: SCORE_FIELDS.map(evidenceField),
  fields: 10,
  fieldSize: 1 << 20,
};
/** How long a link to an evidence file works. */
export const EVIDENCE_LINK_SECONDS = 15 * 60;

const isPdf = (data: Buffer) => data.length >= 5 && data.toString('latin1', 0, 5) === '%PDF-';

/** The new files of a request, stored before its database change; `rollback()` removes them if the change fails. */
export class EvidenceUpload {
  private readonly stored: string[] = [];
  constructor(
    private readonly round: string,
    private readonly kd: string,
  ) {}

  /** Checks every file first (type, images decoded and re-encoded), then stores them; the stored files per criterion. */
  async store(files: readonly UploadedFile[]): Promise<Partial<Record<ScoreField, EvidenceFile[]>>> {
    const criterion = (field: string) => SCORE_FIELDS.find((f) => evidenceField(f) === field.replace(/\[\]$/, ''))!;
    const images = files.filter((f) => sniffImageType(f.data));
    for (const f of files) if (!sniffImageType(f.data) && !isPdf(f.data)) throw unsupported(MSG.evidenceTypeInvalid);
    const made = new Map((await madeImages(images.map((f) => f.data))).map((m, i) => [images[i]!, m]));
    const out: Partial<Record<ScoreField, EvidenceFile[]>> = {};
    for (const f of files) {
      const image = made.get(f);
      const [data, ext, tipe] = image ? [image.data, image.type.ext, image.type.contentType] : [f.data, 'pdf', 'application/pdf' as const];
      const key = await putEvidence(this.round, this.kd, data, ext, tipe);
      this.stored.push(key);
      (out[criterion(f.field)] ??= []).push({ key, tipe, ukuran: data.length });
    }
    return out;
  }

  async rollback(): Promise<void> {
    await deleteEvidence(this.stored).catch((err) => log.error('removing evidence of a failed write failed', err));
  }
}

/**
 * A criterion's files as they become: those of `current` named in `keep` (all of them when
 * `keep` is absent), then the new ones; at most five (400), only files it had (400).
 */
export function keptEvidence(current: readonly EvidenceFile[], keep: readonly string[] | undefined, added: readonly EvidenceFile[]) {
  if (keep && !keep.every((k) => current.some((c) => c.key === k))) throw invalid(MSG.evidenceFileUnknown);
  const files = [...(keep ? current.filter((c) => keep.includes(c.key)) : current), ...added];
  if (files.length > EVIDENCE_FILES_PER_CRITERION) throw invalid(MSG.evidenceTooMany);
  return files;
}

/** Deletes files a committed change stopped listing (a failure is logged: the files are private and listed nowhere). */
export const dropEvidence = (keys: readonly string[]) =>
  deleteEvidence(keys).catch((err) => log.error('removing dropped evidence failed', err));

/** A file as answers show it: its key (to keep it in a later draft), type, size and a link that expires. */
export const evidenceView = async (f: EvidenceFile) => ({ ...f, ...(await evidenceLink(f.key, f.tipe, EVIDENCE_LINK_SECONDS)) });

/** Removes every evidence file of a deleted round. */
export const deleteRoundEvidence = (round: string) => deleteAllOfRound(round);
