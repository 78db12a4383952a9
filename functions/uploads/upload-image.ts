import { IMAGE_MAX_BYTES } from '../../lib/domain/images';
import { badRequest, unsupportedMediaType } from '../../lib/http/errors';
import { route } from '../../lib/http/handler';
import { bodyBytes, isMultipart, parseMultipart } from '../../lib/http/multipart';
import { ok } from '../../lib/http/response';
import { MSG } from '../../lib/messages';
import { detectImageType } from '../../lib/storage/image-type';
import { putImage, uploadPrefix } from '../../lib/storage/images';

/** POST /api/upload/gambar: one image in field `file`, stored under the caller's upload prefix. */
export const handler = route('POST /api/upload/gambar', async ({ event, headers, user }) => {
  const contentType = headers['content-type'];
  if (!isMultipart(contentType)) {
    if ((event.body ?? '') === '') throw badRequest(MSG.noFileUploaded);
    throw unsupportedMediaType();
  }
  const form = await parseMultipart(bodyBytes(event), contentType!, {
    fileSize: IMAGE_MAX_BYTES,
    files: 1,
    filesPerField: 1,
    fileFields: ['file'],
    fields: 5,
    fieldSize: 1024,
  });
  const file = form.files[0];
  if (!file || file.data.length === 0) throw badRequest(MSG.noFileUploaded);
  const type = detectImageType(file.data);
  if (!type) throw badRequest(MSG.imageTypeInvalid);
  return ok({ url: await putImage(file.data, type, uploadPrefix(user!.id)) });
});
