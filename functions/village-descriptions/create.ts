import '../../lib/domain/image-storing';
import { createVillageDescription, createVillageDescriptionInput } from '../../lib/domain/village-descriptions';
import { route } from '../../lib/http/handler';
import { created } from '../../lib/http/response';
import { MSG } from '../../lib/contract/messages';
import { villageDescriptionFormInput, villageDescriptionWriteForWebApp } from '../../lib/web-app/village-descriptions';
import { signedIn } from '../../lib/contract/caller';

export const handler = route({ ...villageDescriptionFormInput(createVillageDescriptionInput) }, async ({ body, files, caller }) => {
  const record = await createVillageDescription(body, files, signedIn(caller));
  return created({
    message: MSG.villageDescriptionCreated,
    data: villageDescriptionWriteForWebApp({ kd_desa: record.kd_desa, galeri_gambar: record.galeri_gambar }, record),
  });
});
