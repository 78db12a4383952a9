import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { config } from '../config';
import { getTourismDescription, imagesOf } from '../db/tourism-descriptions';
import { getVillageDescription } from '../db/village-descriptions';
import { deleteImages, keyOf, s3, urlOf } from './images';

export interface SweepResult {
  scanned: number;
  deleted: string[];
}

/**
 * Deletes image objects no record refers to: objects under images/d/<kd>/ that neither
 * description of that village lists, and unclaimed uploads under images/u/ older than a
 * day (on AWS a lifecycle rule does the latter too). Only objects older than `minAgeMs`
 * are touched, so an upload whose database write is still under way is left alone.
 * It repairs what a crash between "store" and "commit" or a failed after-commit delete
 * could leave behind; requests never depend on it.
 */
export async function sweepOrphanImages(opts: { minAgeMs?: number; now?: number } = {}): Promise<SweepResult> {
  const now = opts.now ?? Date.now();
  const minAge = opts.minAgeMs ?? 60 * 60 * 1000;
  const objects: { key: string; modified: number }[] = [];
  let token: string | undefined;
  do {
    const out = await s3().send(new ListObjectsV2Command({ Bucket: config().bucketName, Prefix: 'images/', ContinuationToken: token }));
    for (const o of out.Contents ?? []) if (o.Key) objects.push({ key: o.Key, modified: o.LastModified?.getTime() ?? 0 });
    token = out.IsTruncated ? out.NextContinuationToken : undefined;
  } while (token);

  const referencedByVillage = new Map<string, Set<string>>();
  const orphans: string[] = [];
  for (const o of objects) {
    const match = /^images\/d\/([^/]+)\//.exec(o.key);
    if (match) {
      if (now - o.modified < minAge) continue;
      const kd = decodeURIComponent(match[1]!);
      let refs = referencedByVillage.get(kd);
      if (!refs) {
        const [t, v] = await Promise.all([getTourismDescription(kd, true), getVillageDescription(kd, true)]);
        refs = new Set(
          [...(t ? imagesOf(t) : []), ...(v?.galeri_gambar ?? [])].map((u) => keyOf(u)).filter((k): k is string => k !== null),
        );
        referencedByVillage.set(kd, refs);
      }
      if (!refs.has(o.key)) orphans.push(o.key);
    } else if (o.key.startsWith('images/u/') && now - o.modified > 24 * 60 * 60 * 1000) {
      orphans.push(o.key);
    }
  }
  await deleteImages(orphans.map(urlOf));
  return { scanned: objects.length, deleted: orphans };
}
