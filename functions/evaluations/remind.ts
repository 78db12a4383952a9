import { evaluationParams } from '../../lib/domain/evaluations';
import { remindRound } from '../../lib/domain/notifications';
import { route } from '../../lib/http/handler';
import { json } from '../../lib/http/response';
import { signedIn } from '../../lib/contract/caller';
import { MSG } from '../../lib/contract/messages';

/** 202: the reminder is in the outbox; the mails go out with the next drain (within a minute). */
export const handler = route({ params: evaluationParams }, async ({ params, caller }) =>
  json(202, { message: MSG.reminderQueued, data: await remindRound(params.id_evaluasi, signedIn(caller)) }),
);
