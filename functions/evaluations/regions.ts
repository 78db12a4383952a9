import { regionsWithVillages } from '../../lib/domain/evaluations';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';

/** GET /api/wilayah: the provinces and kabupaten that have villages, with their counts (the pages' drop-downs). */
export const handler = route(async () => ok({ data: await regionsWithVillages() }));
