import { getNotifications } from '../../lib/domain/notifications';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { signedIn } from '../../lib/contract/caller';

export const handler = route(async ({ caller }) => ok({ data: await getNotifications(signedIn(caller)) }));
