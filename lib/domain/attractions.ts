import { randomInt } from 'node:crypto';
import { randomAttractionDescriptions } from '../db/tourism-descriptions';
import { getVillages } from '../db/villages';

export const ATTRACTION_COUNT = 8;

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(0, i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/**
 * GET /api/atraksi-wisata: up to 8 random attractions with at least one image. Up to 8
 * descriptions are read from a random point of the sparse attraction index (no Scan),
 * then attractions are taken round-robin so that villages are spread.
 */
export async function randomAttractions() {
  const descriptions = await randomAttractionDescriptions(ATTRACTION_COUNT);
  const villages = await getVillages(descriptions.map((d) => d.kd_desa));
  const pools = shuffle(
    descriptions.flatMap((d) => {
      const v = villages.get(d.kd_desa);
      return v ? [{ village: v, attractions: shuffle(d.atraksi.filter((a) => a.gambar.length > 0)) }] : [];
    }),
  );
  const picked: { nama_atraksi: string; gambar: string[]; nama_desa: string; slug: string }[] = [];
  for (let round = 0; picked.length < ATTRACTION_COUNT && pools.some((p) => p.attractions.length > round); round++) {
    for (const { village, attractions } of pools) {
      const a = attractions[round];
      if (a && picked.length < ATTRACTION_COUNT) {
        picked.push({ nama_atraksi: String(a.nama_atraksi), gambar: a.gambar, nama_desa: village.nama_desa, slug: village.slug });
      }
    }
  }
  return picked;
}
