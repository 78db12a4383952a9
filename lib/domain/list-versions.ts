import { createHash } from 'node:crypto';
import { nowMs } from '../platform/clock';
import { listVersions } from '../db/list-versions';
import type { ListKind } from '../contract/lists';

/**
 * How long after a change a list's tag is withheld. Lists are read from GSI1, which
 * DynamoDB brings up to date shortly after the table (normally well under a second); a
 * tag handed out with a list read before the index caught up would mark stale content
 * as current. While a kind changed less than this long ago, answers carry a content hash
 * instead (lib/http/caching.ts), which is always right but needs the full read.
 */
export const LIST_SETTLE_MS = 2000;

/**
 * The tag of the current state of `kinds` for one representation (`variant`: query and
 * encoding), or undefined while a change may not have reached the lists yet. One small
 * strongly consistent read, whatever the size of the lists. Read it before the list:
 * a write landing in between then makes the tag older than the content, never newer.
 */
export async function getListTag(kinds: readonly ListKind[], variant: string): Promise<string | undefined> {
  const versions = await listVersions(kinds);
  const now = nowMs();
  if (kinds.some((k) => now - versions[k]!.changedAt < LIST_SETTLE_MS)) return undefined;
  const state = kinds.map((k) => `${k}=${versions[k]!.version}`).join('&');
  return `"v-${createHash('sha256').update(`${state}|${variant}`).digest('base64url').slice(0, 32)}"`;
}
