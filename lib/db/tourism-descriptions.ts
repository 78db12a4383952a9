import { randomBytes } from 'node:crypto';
import { between, eq, fieldMissing, gte, keyQuery, lt, notExists, or, txDelete, txPut, txUpdate, type Condition } from './expression';
import { getItem, queryPage } from './helpers';
import { GSI2, keys } from './keys';
import * as z from 'zod';
import { defineEntity, imageUrl, parseRecord, timestamp, type TransactItem } from './entity';
import { RaceLostError, villageChildTouched, type UnitOfWork } from './unit-of-work';
import { assertItemFits } from './item-size';

export const CATEGORIES = ['atraksi', 'penginapan', 'paket_wisata', 'suvenir'] as const;
export type Category = (typeof CATEGORIES)[number];

/** A stored item: its id, its own fields (nama_…, harga_…, kategori_atraksi) and its images. */
export type StoredItem = { id: number; gambar: string[] } & Record<string, unknown>;

const storedItem = z.object({ id: z.number().int(), gambar: z.array(imageUrl) }).catchall(z.unknown());

/**
 * A village's tourism description: DESA#<kd_desa>/DESKWIS (in the village's partition);
 * in the sparse attraction index (GSI2 ATRAKSI) while an attraction has an image.
 * Its items are kept inside it (see lib/db/keys.ts).
 */
export const tourismDescriptions = defineEntity({
  type: 'DESKWIS',
  schema: z.object({
    kd_desa: z.string(),
    penjelasan_umum: z.string(),
    fasilitas: z.string(),
    dokumentasi_desa: z.string(),
    atraksi: z.array(storedItem),
    penginapan: z.array(storedItem),
    paket_wisata: z.array(storedItem),
    suvenir: z.array(storedItem),
    /** The next id per category; only ever grows, so an id is never reused. */
    next_ids: z.record(z.enum(CATEGORIES), z.number().int()),
    /** Random position in the attraction index (set while an attraction has an image). */
    random_key: z.string(),
    version: z.number().int(),
    created_at: timestamp,
    updated_at: timestamp,
  }),
  key: keys.tourismDescription,
  id: (d) => d.kd_desa,
  fits: assertItemFits,
  changes: {
    // its fields, items and images (`gambar`: every image it lists)
    history: {
      subject: 'tourism_description',
      record: (d) => d.kd_desa,
      kd_desa: (d) => d.kd_desa,
      view: (d): object => ({ ...d, gambar: imagesOf(d) }),
    },
    lists: ['tourism'],
    // the images it lists: claimed and released with each change (lib/db/image-refs.ts)
    images: (d): string[] => imagesOf(d),
    // leaving with its village, it leaves the paginated list too (the last one moves into its
    // position); the partition's delete removes its own position item
    leavingWithVillage: async (kd, partition) =>
      partition.some((k) => k.SK === keys.tourismPosition('').SK)
        ? (await positionRemoval(kd)).filter((w) => w.Delete?.Key?.SK !== keys.tourismPosition('').SK)
        : [],
  },
  indexes: (d) => (d.atraksi.some((a) => a.gambar.length > 0) ? keys.attractionIndex(d.random_key) : {}),
  public: ['kd_desa', 'penjelasan_umum', 'fasilitas', 'dokumentasi_desa', ...CATEGORIES, 'created_at', 'updated_at'],
  publicMeta: { id: 'TourismDescriptionRecord' },
});
export type TourismDescriptionRecord = z.infer<typeof tourismDescriptions.schema>;

/** Every image URL a description refers to. */
export const imagesOf = (d: Pick<TourismDescriptionRecord, Category>): string[] => CATEGORIES.flatMap((c) => d[c].flatMap((i) => i.gambar));

export const newRandomKey = () => randomBytes(8).toString('hex');

export const getTourismDescription = (kd: string, consistent = false) => tourismDescriptions.get(kd, consistent);

export class DescriptionExistsError extends Error {}
export class DescriptionVillageMissingError extends Error {}
/** The description changed since it was read: read again. */
export class DescriptionVersionError extends RaceLostError {}
/** The list positions moved meanwhile (a concurrent create or delete): read again and retry. */
export class PositionsMovedError extends RaceLostError {}

/** The number of descriptions (= the last list position), read strongly consistently. */
export async function countTourismDescriptions(consistent = false): Promise<number> {
  const counter = await getItem(keys.tourismCounter(), { consistent });
  return Math.max(0, Number(counter?.value ?? 0));
}

/** Sets the counter from `from` to `to`, only if it still is `from`. */
const counterMove = (from: number, to: number): TransactItem =>
  txUpdate(keys.tourismCounter(), { set: { value: to } }, from === 0 ? or(fieldMissing('value'), eq('value', from)) : eq('value', from));

/**
 * Records the description's creation at list position total+1 (position item, index item and
 * counter in the same transaction, conditioned on the total read: PositionsMovedError when a
 * concurrent create or delete moved it), and its village's child_rev.
 */
export async function recordNewTourismDescription(uow: UnitOfWork, d: TourismDescriptionRecord): Promise<void> {
  const total = await countTourismDescriptions(true);
  const pos = total + 1;
  uow.create(tourismDescriptions, d, { guard: () => new DescriptionExistsError() });
  withPositions(uow, d.kd_desa, [
    counterMove(total, pos),
    txPut({ ...keys.tourismPosition(d.kd_desa), pos }),
    txPut({ ...keys.tourismIndex(pos), kd_desa: d.kd_desa }, notExists()),
  ]);
}

/**
 * The writes that take description `kd` out of the position list: the last description
 * moves into its position, the counter goes down by one. Conditioned on what was read,
 * so a concurrent create or delete makes the transaction fail (PositionsMovedError) and
 * the caller runs it again.
 */
export async function positionRemoval(kd: string): Promise<TransactItem[]> {
  const [posItem, total] = await Promise.all([getItem(keys.tourismPosition(kd), { consistent: true }), countTourismDescriptions(true)]);
  const pos = Number(posItem?.pos ?? 0);
  if (!pos || total < 1) return [];
  // The description at the last position leaves it: `kd` itself, or the one that moves into kd's place.
  const lastKd = pos === total ? kd : ((await getItem(keys.tourismIndex(total), { consistent: true }))?.kd_desa as string | undefined);
  if (!lastKd) throw new PositionsMovedError();
  const shrink: TransactItem[] = [
    txDelete(keys.tourismPosition(kd)),
    counterMove(total, total - 1),
    txDelete(keys.tourismIndex(total), eq('kd_desa', lastKd)),
  ];
  if (pos === total) return shrink;
  return [
    ...shrink,
    txPut({ ...keys.tourismIndex(pos), kd_desa: lastKd }, eq('kd_desa', kd)),
    txPut({ ...keys.tourismPosition(lastKd), pos }, eq('pos', total)),
  ];
}

/**
 * Records the replacement of the description as read (`current`) by `next`
 * (DescriptionVersionError when it changed meanwhile; its image claims and releases are
 * derived from the two, lib/db/image-refs.ts); `action` names the change in the history
 * (`tourism_description.items_appended`, …). Returns the description that stands: `current`
 * when nothing the history shows changed (then nothing is recorded).
 */
export function recordTourismChange(
  uow: UnitOfWork,
  current: TourismDescriptionRecord,
  next: TourismDescriptionRecord,
  action: string,
): TourismDescriptionRecord {
  if (!uow.update(tourismDescriptions, current, next, { guard: () => new DescriptionVersionError(), action })) return current;
  return next;
}

/** Records the deletion of the description as read (DescriptionVersionError when it changed meanwhile); its list position is freed. */
export async function recordTourismDeletion(uow: UnitOfWork, current: TourismDescriptionRecord): Promise<void> {
  const positions = await positionRemoval(current.kd_desa);
  uow.delete(tourismDescriptions, current, { guard: () => new DescriptionVersionError(), unchanged: { version: current.version } });
  withPositions(uow, current.kd_desa, positions);
}

/**
 * Records beside a change of the description's presence its village's child_rev (the village
 * is missing when that fails) and the list-position writes (a failed one: the positions moved).
 */
function withPositions(uow: UnitOfWork, kd: string, positions: TransactItem[]): void {
  uow.include(villageChildTouched(kd), () => new DescriptionVillageMissingError());
  const moved = () => new PositionsMovedError();
  for (const p of positions) uow.include(p, moved);
}

/**
 * One page of descriptions in list order: positions (page-1)·limit+1 … page·limit.
 * A Query of the position index between those bounds and one BatchGetItem: the cost
 * does not depend on the page number or the number of descriptions.
 */
export async function tourismDescriptionPage(page: number, limit: number): Promise<TourismDescriptionRecord[]> {
  const first = (page - 1) * limit + 1;
  const last = page * limit;
  const index = await queryPage(
    keyQuery({ pk: ['PK', keys.tourismIndexPartition], sk: between('SK', keys.tourismIndex(first).SK, keys.tourismIndex(last).SK) }),
  );
  const codes = index.items.map((i) => i.kd_desa as string);
  if (codes.length === 0) return [];
  const found = await tourismDescriptions.getMany(codes);
  return codes.map((kd) => found.get(kd)).filter((d): d is TourismDescriptionRecord => d !== undefined);
}

/** Up to `count` descriptions that have an attraction with an image, from a random point of the index. */
export async function randomAttractionDescriptions(count: number): Promise<Pick<TourismDescriptionRecord, 'kd_desa' | 'atraksi'>[]> {
  const from = newRandomKey();
  const query = async (sk: Condition) =>
    (await queryPage({ ...keyQuery({ index: GSI2, pk: ['GSI2PK', 'ATRAKSI'], sk, fields: ['kd_desa', 'atraksi'] }), Limit: count })).items;
  const first = await query(gte('GSI2SK', from));
  const rest = first.length < count ? await query(lt('GSI2SK', from)) : [];
  return [...first, ...rest].slice(0, count).map((item) => parseRecord(attractionView, item));
}

const attractionView = z.object({ kd_desa: z.string(), atraksi: z.array(storedItem) });
