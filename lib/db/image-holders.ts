import { keyQuery } from './expression';
import { queryPage } from './helpers';
import { GSI1, LIST } from './keys';
import { imagesOf, tourismDescriptions } from './tourism-descriptions';
import { villageDescriptionImages, villageDescriptions } from './village-descriptions';

/** The records that list images: both descriptions of a village. The orphan sweep reads them here. */
/**
 * Every image URL any description lists, read village by village in the order of the
 * village list's index keys (a Query of GSI1 DESA, paged by LastEvaluatedKey): a village
 * deleted meanwhile moves no other one, so every village that exists throughout is read.
 * `afterPage` runs after each page (tests use it to interleave writes).
 */
export async function allListedImageUrls(pageSize = 100, afterPage?: (page: number) => Promise<void>): Promise<Set<string>> {
  const urls = new Set<string>();
  let start: Record<string, unknown> | undefined;
  let page = 0;
  do {
    const res = await queryPage({
      ...keyQuery({ index: GSI1, pk: ['GSI1PK', LIST.villages], fields: ['kd_desa'] }),
      Limit: pageSize,
      ExclusiveStartKey: start,
    });
    const codes = res.items.map((i) => String(i.kd_desa));
    const [tourism, village] = await Promise.all([tourismDescriptions.getMany(codes), villageDescriptions.getMany(codes)]);
    for (const d of tourism.values()) for (const u of imagesOf(d)) urls.add(u);
    for (const d of village.values()) for (const u of villageDescriptionImages(d)) urls.add(u);
    start = res.next;
    await afterPage?.(++page);
  } while (start);
  return urls;
}
