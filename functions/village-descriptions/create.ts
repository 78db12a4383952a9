import { createVillageDescriptionAs, VILLAGE_DESCRIPTION_FORM_LIMITS } from '../../lib/domain/village-descriptions';
import { readForm } from '../../lib/http/form';
import { route } from '../../lib/http/handler';
import { created } from '../../lib/http/response';
import { MSG } from '../../lib/messages';

export const handler = route('POST /api/deskripsi-desa', async ({ event, headers, user }) => {
  const form = await readForm(event, headers, VILLAGE_DESCRIPTION_FORM_LIMITS);
  const record = await createVillageDescriptionAs(form.data, form.files, user!);
  return created({ message: MSG.villageDescriptionCreated, data: { kd_desa: record.kd_desa, galeri_gambar: record.galeri_gambar } });
});
