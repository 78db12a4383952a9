import { updateVillageDescriptionAs, VILLAGE_DESCRIPTION_FORM_LIMITS } from '../../lib/domain/village-descriptions';
import { readForm } from '../../lib/http/form';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { MSG } from '../../lib/messages';

export const handler = route('PUT /api/deskripsi-desa/{kd_desa}', async ({ event, headers, params, user }) => {
  const form = await readForm(event, headers, VILLAGE_DESCRIPTION_FORM_LIMITS);
  const record = await updateVillageDescriptionAs(params.kd_desa ?? '', form.data, form.files, user!);
  return ok({
    message: MSG.villageDescriptionUpdated,
    data: { kd_desa: record.kd_desa, lokasi_desa: record.lokasi_desa, galeri_gambar: record.galeri_gambar },
  });
});
