import { listRandomAttractions } from '../../lib/domain/attractions';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { attractionForWebApp } from '../../lib/web-app/attractions';

export const handler = route(async () => ok({ data: (await listRandomAttractions()).map(attractionForWebApp) }));
