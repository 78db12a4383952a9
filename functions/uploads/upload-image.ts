import '../../lib/domain/image-storing';
import { imageVariantsOf, storeUpload, UPLOAD_LIMITS } from '../../lib/domain/images';
import { upload } from '../../lib/http/form';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { signedIn } from '../../lib/contract/caller';

/** POST /api/upload/gambar: one image in field `file`, stored under the caller's upload prefix. */
export const handler = route({ upload: upload(UPLOAD_LIMITS) }, async ({ file, caller, timeLeft }) => {
  const url = await storeUpload(file.data, signedIn(caller).id, timeLeft);
  return ok({ url, gambar_varian: imageVariantsOf([url]) });
});
