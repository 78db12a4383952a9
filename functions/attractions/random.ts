import { randomAttractions } from '../../lib/domain/attractions';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { attractionForBoth } from '../../lib/web-app/attractions';

export const handler = route(async () => ok({ data: (await randomAttractions()).map(attractionForBoth) }));
