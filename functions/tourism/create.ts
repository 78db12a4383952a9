import { createTourismDescriptionAs, TOURISM_FORM_LIMITS } from '../../lib/domain/tourism-descriptions';
import { readForm } from '../../lib/http/form';
import { route } from '../../lib/http/handler';
import { created } from '../../lib/http/response';
import { MSG } from '../../lib/contract/messages';
import { presentForBoth, tourismDataForBoth } from '../../lib/web-app/tourism';

export const handler = route(async ({ event, headers, user }) => {
  const form = await readForm(event, headers, TOURISM_FORM_LIMITS);
  const record = await createTourismDescriptionAs(tourismDataForBoth(form.data), form.files, user!);
  return created({ message: MSG.tourismDescriptionCreated, data: presentForBoth(record) });
});
