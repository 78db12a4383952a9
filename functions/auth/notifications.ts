import { notificationSwitchesInput, setNotifications } from '../../lib/domain/notifications';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { signedIn } from '../../lib/contract/caller';
import { MSG } from '../../lib/contract/messages';

export const handler = route({ body: notificationSwitchesInput }, async ({ body, caller }) =>
  ok({ message: MSG.notificationSettingsSaved, data: await setNotifications(body, signedIn(caller)) }),
);
