import { randomBytes } from 'node:crypto';
import * as z from 'zod';
import { nowSeconds } from '../platform/clock';
import { defineEntity, timestamp, type TransactItem } from './entity';
import { exists, keyQuery, notExists, putInput, deleteInput, updateInput } from './expression';
import { deleteItem, putItem, queryPage, unlessConditionFails, updateItem } from './helpers';
import { keys } from './keys';

/**
 * The outbox: what a write tells people, kept as items in the write's own transaction
 * (the unit of work writes one per notice an entity's `notify` declares), and mailed later
 * by the drain (lib/domain/notifications.ts). A write never waits for a mail, and a mail
 * is never sent for a write that did not commit.
 *
 * | item            | PK                        | SK                       |
 * |-----------------|---------------------------|--------------------------|
 * | a notice        | OUTBOX#<shard 0…7>        | <at>#<rand>              |
 * | a mail sent     | SENT#<shard>#<at>#<rand>  | <recipient e-mail>       |
 *
 * A notice carries what its mail needs and what finds its recipients; a notice to many (a
 * round opened for every village) is one item, whose recipients the drain reads in pages,
 * keeping where it stopped (`cursor`) on the item. Each recipient's marker is put (only if
 * absent) before the mail is sent, so a retry or a second drain never sends it twice; the
 * markers expire a month later (TTL).
 */

/** What a notice says, by kind: the data its mail needs (names are read when it is sent). */
export const noticeSchema = z.discriminatedUnion('kind', [
  /** A round was opened: the managers of every village in its scope. */
  z.object({ kind: z.literal('round_opened'), id_evaluasi: z.string() }),
  /** Self-assessment closes soon: the managers of villages in scope that have not submitted. */
  z.object({ kind: z.literal('reminder'), id_evaluasi: z.string(), tanggal: z.string() }),
  /** A village submitted its self-assessment: every dinas user. */
  z.object({ kind: z.literal('assessment_submitted'), id_evaluasi: z.string(), kd_desa: z.string() }),
  /** A village was reviewed (or its review corrected): its manager, with the new category. */
  z.object({
    kind: z.literal('review_published'),
    id_evaluasi: z.string(),
    kd_desa: z.string(),
    kategori_desa: z.string(),
    rata_rata: z.number(),
  }),
  /** A request's status changed: the village's manager. */
  z.object({ kind: z.literal('request_changed'), kd_permintaan: z.string(), kd_desa: z.string(), status_permintaan: z.string() }),
  /** A village's status was set or changed: its manager. */
  z.object({ kind: z.literal('status_changed'), kd_status: z.string(), kd_desa: z.string(), status: z.string(), keterangan: z.string() }),
]);
export type Notice = z.infer<typeof noticeSchema>;

/** The outbox is spread over this many partitions: concurrent writers rarely share one. */
export const OUTBOX_SHARDS = 8;
/** Days a delivery marker is kept (a notice is drained long before). */
const DELIVERY_DAYS = 30;

export const outbox = defineEntity({
  type: 'OUTBOX',
  schema: z.object({
    /** `<shard>#<at>#<rand>`: the item's key, and the name its delivery markers carry. */
    id: z.string(),
    at: timestamp,
    notice: noticeSchema,
    /** Where the next page of its recipients starts (a notice to many, drained over several runs). */
    cursor: z.string().optional(),
    /** Recipients handled so far. */
    handled: z.number().int().optional(),
  }),
  key: (id) => {
    const [shard, ...rest] = id.split('#');
    return keys.outbox(Number(shard), rest.join('#'));
  },
  id: (o) => o.id,
  public: [],
  publicMeta: { id: 'OutboxItem' },
});
export type OutboxRecord = z.infer<typeof outbox.schema>;

/** The transaction item that puts a notice in the outbox (a random shard; `at`: the write's time). */
export function outboxItem(notice: Notice, at: string): TransactItem {
  const shard = Math.floor(Math.random() * OUTBOX_SHARDS);
  return outbox.putNew({ id: `${shard}#${at}#${randomBytes(4).toString('hex')}`, at, notice });
}

/** Up to `limit` notices waiting, oldest first: one Query per shard, in parallel (strongly consistent). */
export async function pendingNotices(limit: number): Promise<OutboxRecord[]> {
  const pages = await Promise.all(
    Array.from({ length: OUTBOX_SHARDS }, (_, shard) =>
      queryPage({ ...keyQuery({ pk: ['PK', keys.outboxPartition(shard)] }), Limit: limit, ConsistentRead: true }),
    ),
  );
  return pages
    .flatMap((p) => p.items.map((i) => outbox.fromItem(i)))
    .sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id))
    .slice(0, limit);
}

/** Records how far a notice's recipients were handled (only while it is still there). */
export async function saveProgress(item: OutboxRecord, cursor: string, handled: number): Promise<void> {
  await unlessConditionFails(updateItem(updateInput<OutboxRecord>(outbox.key(item.id), { set: { cursor, handled } }, exists())));
}

/** Removes a notice whose every recipient was handled. */
export const finishNotice = (item: OutboxRecord) => deleteItem(deleteInput(outbox.key(item.id)));

/**
 * Claims a notice's mail to one recipient: true the first time (the mail may be sent),
 * false when it was claimed before (sent, or being sent, by this or another drain).
 */
export const claimDelivery = (notice: string, email: string): Promise<boolean> =>
  unlessConditionFails(
    putItem(putInput({ ...keys.delivery(notice, email), type: 'SENT', expiresAt: nowSeconds() + DELIVERY_DAYS * 86_400 }, notExists())),
  );

/** Gives a claim back (its mail could not be sent: a later drain tries again). */
export const releaseDelivery = (notice: string, email: string) => deleteItem(deleteInput(keys.delivery(notice, email)));
