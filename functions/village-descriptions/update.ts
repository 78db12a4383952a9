import { updateVillageDescriptionAs } from '../../lib/domain/village-descriptions';
import { readForm } from '../../lib/http/form';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { MSG } from '../../lib/contract/messages';
import {
  VILLAGE_DESCRIPTION_FORM_LIMITS_FOR_BOTH,
  villageDescriptionDataForBoth,
  villageDescriptionFilesForBoth,
  villageDescriptionWriteForBoth,
} from '../../lib/web-app/village-descriptions';

export const handler = route(async ({ event, headers, params, user }) => {
  const form = await readForm(event, headers, VILLAGE_DESCRIPTION_FORM_LIMITS_FOR_BOTH);
  const record = await updateVillageDescriptionAs(
    params.kd_desa ?? '',
    villageDescriptionDataForBoth(form.data),
    villageDescriptionFilesForBoth(form.files),
    user!,
  );
  return ok({
    message: MSG.villageDescriptionUpdated,
    data: villageDescriptionWriteForBoth(
      { kd_desa: record.kd_desa, lokasi_desa: record.lokasi_desa, galeri_gambar: record.galeri_gambar },
      record,
    ),
  });
});
