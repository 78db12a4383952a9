import '../../lib/domain/image-storing';
import { updateVillageDescription, updateVillageDescriptionInput } from '../../lib/domain/village-descriptions';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { kdDesaParams } from '../../lib/contract/inputs';
import { MSG } from '../../lib/contract/messages';
import { villageDescriptionFormInput, villageDescriptionWriteForWebApp } from '../../lib/web-app/village-descriptions';
import { signedIn } from '../../lib/contract/caller';

export const handler = route(
  { params: kdDesaParams, ...villageDescriptionFormInput(updateVillageDescriptionInput) },
  async ({ params, body, files, caller }) => {
    const record = await updateVillageDescription(params.kd_desa, body, files, signedIn(caller));
    return ok({
      message: MSG.villageDescriptionUpdated,
      data: villageDescriptionWriteForWebApp(
        { kd_desa: record.kd_desa, lokasi_desa: record.lokasi_desa, galeri_gambar: record.galeri_gambar },
        record,
      ),
    });
  },
);
