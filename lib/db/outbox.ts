import { randomBytes } from 'node:crypto';
import * as z from 'zod';
import type { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { nowMs, nowSeconds } from '../platform/clock';
import { defineEntity, timestamp, type TransactItem } from './entity';
import { and, eq, exists, keyQuery, lt, notExists, or, putInput, deleteInput, updateInput } from './expression';
import { deleteItem, isConditionFailure, putItem, queryPage, unlessConditionFails, updateItem } from './helpers';
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
 * | a mail's marker | SENT#<shard>#<at>#<rand>  | <recipient e-mail>       |
 *
 * A notice carries what its mail needs and what finds its recipients; a notice to many (a
 * round opened for every village) is one item, whose recipients the drain reads in pages,
 * keeping where it stopped (`cursor`) on the item. Each recipient's marker has two states:
 * the drain claims it (`sending`, with the claim's time and a token of its own) before the
 * mail goes, and confirms it (`sent`) once SES accepted the mail. A `sent` marker is never
 * sent again; a `sending` one is another drain's for CLAIM_LEASE_MS, then any drain may take
 * it over (its drain crashed, or DynamoDB lost the answer to its claim or confirmation) and
 * send again: at most one mail twice per crash, none lost. The markers expire a month later (TTL).
 */

/** What a notice says, by kind: the data its mail needs (names are read when it is sent). */
export const noticeSchema = z.discriminatedUnion('kind', [
  /** A round was opened: the managers of every village in its scope. */
  z.object({ kind: z.literal('round_opened'), id_evaluasi: z.string() }),
  /** Self-assessment closes soon: the managers of villages in scope that have not submitted. */
  z.object({ kind: z.literal('reminder'), id_evaluasi: z.string(), tanggal: z.string() }),
  /** A village submitted its self-assessment: every dinas user. */
  z.object({ kind: z.literal('assessment_submitted'), id_evaluasi: z.string(), kd_desa: z.string() }),
  /** A submitted self-assessment was returned for correction: the village's manager, with the office's note. */
  z.object({ kind: z.literal('assessment_returned'), id_evaluasi: z.string(), kd_desa: z.string(), catatan: z.string() }),
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
  /** A village was handed to another manager: both of them (whatever their switches). */
  z.object({
    kind: z.literal('village_handed_over'),
    kd_desa: z.string(),
    nama_popular: z.string(),
    dari: z.string(),
    kepada: z.string(),
  }),
  /** A village's status was set or changed: its manager. */
  z.object({ kind: z.literal('status_changed'), kd_status: z.string(), kd_desa: z.string(), status: z.string(), keterangan: z.string() }),
  /** A month's report is missing (monitoring): the managers of the villages in scope without one, found when it is sent. */
  z.object({
    kind: z.literal('report_reminder'),
    bulan: z.string(),
    putaran: z.enum(['awal', 'susulan', 'dinas']),
    provinsi: z.string().optional(),
    kabupaten: z.string().optional(),
  }),
]);
export type Notice = z.infer<typeof noticeSchema>;

/**
 * A `notify` declaration (lib/db/unit-of-work.ts) that gives one notice when a record that
 * exists changes its `field` (a request's status, a village's manager).
 */
export const noticeOnChange =
  <R>(field: keyof R, notice: (before: R, after: R) => Notice) =>
  (before: R | undefined, after: R | undefined): Notice[] =>
    before && after && before[field] !== after[field] ? [notice(before, after)] : [];

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
 * How long a drain's claim keeps other drains from sending its mail. Longer than a run of the
 * drain (its function's timeout is 60 s: functions/maintenance/functions.yml), so only the claim
 * of a run that is over (crashed, or stopped by a failed DynamoDB call) is ever taken over.
 */
export const CLAIM_LEASE_MS = 2 * 60_000;

/** A delivery marker's own attributes (beside its key, `type` and `expiresAt`). */
interface DeliveryMarker {
  /** Absent on the markers put before claims had states: their mail was sent. */
  state?: 'sending' | 'sent';
  /** When the claim was made (ms since the epoch, the service's clock). */
  claimedAt?: number;
  /** The claim's own: only its drain confirms (or gives back) the claim. */
  token?: string;
}

/** What claiming a recipient's mail found. */
export type Claim =
  /** The mail is this drain's to send; `token` confirms it once SES accepted it (confirmDelivery). */
  | { outcome: 'claimed'; token: string }
  /** Sent (and confirmed) before: by this notice's earlier run, another drain, or for another village of theirs. */
  | { outcome: 'sent' }
  /** Another drain claimed it less than a lease ago: it is sending it (or crashed meanwhile); a later run looks again. */
  | { outcome: 'busy' };

/**
 * Claims a notice's mail to one recipient: put when no marker is there, or over a claim older
 * than `leaseMs` that was never confirmed. A call that throws (DynamoDB unavailable, timed out)
 * may still have put the claim: the caller leaves the mail to a run after the lease.
 */
export async function claimDelivery(notice: string, email: string, leaseMs = CLAIM_LEASE_MS): Promise<Claim> {
  const token = randomBytes(8).toString('hex');
  const claimedAt = nowMs();
  const marker: DeliveryMarker = { state: 'sending', claimedAt, token };
  const unclaimed = or(notExists(), and(eq<DeliveryMarker>('state', 'sending'), lt<DeliveryMarker>('claimedAt', claimedAt - leaseMs)));
  try {
    await putItem({
      ...putInput(
        { ...keys.delivery(notice, email), type: 'SENT', ...marker, expiresAt: nowSeconds() + DELIVERY_DAYS * 86_400 },
        unclaimed,
      ),
      // the marker that refused the claim tells a mail sent from one being sent, without a second read
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    });
    return { outcome: 'claimed', token };
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    const state = (err as ConditionalCheckFailedException).Item?.state?.S;
    return state === 'sending' ? { outcome: 'busy' } : { outcome: 'sent' };
  }
}

/**
 * Marks a claimed mail sent, once SES accepted it. False when the claim is no longer this
 * one's (it outlived its lease and another drain took it over: that drain sends it again).
 */
export const confirmDelivery = (notice: string, email: string, token: string): Promise<boolean> =>
  unlessConditionFails(
    updateItem(updateInput<DeliveryMarker>(keys.delivery(notice, email), { set: { state: 'sent' } }, eq<DeliveryMarker>('token', token))),
  );

/** Gives a claim back (SES refused its mail: a later run tries again), unless another drain holds it now. */
export const releaseDelivery = (notice: string, email: string, token: string): Promise<boolean> =>
  unlessConditionFails(
    deleteItem(deleteInput(keys.delivery(notice, email), and(eq<DeliveryMarker>('state', 'sending'), eq<DeliveryMarker>('token', token)))),
  );

/**
 * A monthly-report reminder that went out (lib/domain/monitoring-reminders.ts): the automatic
 * ones of a month (`otomatis#<YYYY-MM>#<awal|susulan>`) and those dinas sends for a region on a
 * day (`manual#<day>#<provinsi>#<kabupaten>`). Created once (its key taken: the reminder went
 * out already), with its notice in the same transaction; kept until it no longer matters (TTL).
 */
export const reportReminders = defineEntity({
  type: 'PENGINGATLAPORAN',
  schema: z.object({
    id: z.string(),
    bulan: z.string(),
    putaran: z.enum(['awal', 'susulan', 'dinas']),
    provinsi: z.string().optional(),
    kabupaten: z.string().optional(),
    /** The day it went out (WIB). */
    tanggal: z.string(),
    at: timestamp,
    /** Who sent it (dinas or admin); absent: the automatic one. */
    oleh: z.string().optional(),
    expiresAt: z.number().int(),
  }),
  key: (id) => keys.reportReminder(id),
  id: (r) => r.id,
  changes: {
    // `report.reminded`, in the service's timeline (GET /api/riwayat): who reminded which region of which month
    history: {
      subject: 'report',
      record: (r) => r.id,
      actions: { created: 'reminded' },
      view: ({ bulan, putaran, provinsi, kabupaten, tanggal }) => ({ bulan, putaran, provinsi, kabupaten, tanggal }),
    },
    notify: (before, after) =>
      !before && after
        ? [
            {
              kind: 'report_reminder',
              bulan: after.bulan,
              putaran: after.putaran,
              ...(after.provinsi ? { provinsi: after.provinsi } : {}),
              ...(after.kabupaten ? { kabupaten: after.kabupaten } : {}),
            },
          ]
        : [],
  },
  public: [],
  publicMeta: { id: 'ReportReminder' },
});
export type ReportReminderRecord = z.infer<typeof reportReminders.schema>;
