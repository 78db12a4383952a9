import { createVillageDescriptionAs } from '../../lib/domain/village-descriptions';
import { readForm } from '../../lib/http/form';
import { route } from '../../lib/http/handler';
import { created } from '../../lib/http/response';
import { MSG } from '../../lib/contract/messages';
import {
  VILLAGE_DESCRIPTION_FORM_LIMITS_FOR_BOTH,
  villageDescriptionDataForBoth,
  villageDescriptionFilesForBoth,
  villageDescriptionWriteForBoth,
} from '../../lib/web-app/village-descriptions';

export const handler = route(async ({ event, headers, user }) => {
  const form = await readForm(event, headers, VILLAGE_DESCRIPTION_FORM_LIMITS_FOR_BOTH);
  const record = await createVillageDescriptionAs(
    villageDescriptionDataForBoth(form.data),
    villageDescriptionFilesForBoth(form.files),
    user!,
  );
  return created({
    message: MSG.villageDescriptionCreated,
    data: villageDescriptionWriteForBoth({ kd_desa: record.kd_desa, galeri_gambar: record.galeri_gambar }, record),
  });
});
