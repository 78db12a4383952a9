import { randomInt } from 'node:crypto';
import { variantUrl } from '../storage/images';
import { randomAttractionDescriptions, type StoredItem } from '../db/tourism-descriptions';
import { getVillages, type VillageRecord } from '../db/villages';

export const ATTRACTION_COUNT = 8;

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(0, i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

export interface PickedAttraction {
  attraction: StoredItem;
  village: VillageRecord;
}

/** The contract's item of GET /api/atraksi-wisata. */
/** (a list that shows cards: its images point at their card variant, docs/decisions.md "Images") */
export const toPublicAttraction = ({ attraction, village }: PickedAttraction) => ({
  nama_atraksi: String(attraction.nama_atraksi),
  gambar: attraction.gambar.map((url) => variantUrl(url, 'card')),
  nama_desa: village.nama_desa,
  slug: village.slug,
});

/**
 * GET /api/atraksi-wisata: up to 8 random attractions with at least one image. Up to 8
 * descriptions are read from a random point of the sparse attraction index (no Scan),
 * then attractions are taken round-robin so that villages are spread.
 */
export async function listRandomAttractions() {
  const descriptions = await randomAttractionDescriptions(ATTRACTION_COUNT);
  const villages = await getVillages(descriptions.map((d) => d.kd_desa));
  const pools = shuffle(
    descriptions.flatMap((d) => {
      const v = villages.get(d.kd_desa);
      return v ? [{ village: v, attractions: shuffle(d.atraksi.filter((a) => a.gambar.length > 0)) }] : [];
    }),
  );
  const picked: PickedAttraction[] = [];
  for (let round = 0; picked.length < ATTRACTION_COUNT && pools.some((p) => p.attractions.length > round); round++) {
    for (const { village, attractions } of pools) {
      const a = attractions[round];
      if (a && picked.length < ATTRACTION_COUNT) {
        picked.push({ attraction: a, village });
      }
    }
  }
  return picked;
}
