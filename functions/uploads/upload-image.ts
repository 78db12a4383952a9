import { IMAGE_MAX_BYTES, storeUpload } from '../../lib/domain/images';
import { invalid, unsupported } from '../../lib/contract/errors';
import { route } from '../../lib/http/handler';
import { bodyBytes, isMultipart, parseMultipart } from '../../lib/http/multipart';
import { ok } from '../../lib/http/response';
import { MSG } from '../../lib/contract/messages';

/** POST /api/upload/gambar: one image in field `file`, stored under the caller's upload prefix. */
export const handler = route(async ({ event, headers, user }) => {
  const contentType = headers['content-type'];
  if (!isMultipart(contentType)) {
    if ((event.body ?? '') === '') throw invalid(MSG.noFileUploaded);
    throw unsupported();
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
  if (!file || file.data.length === 0) throw invalid(MSG.noFileUploaded);
  return ok({ url: await storeUpload(file.data, user!.id) });
});
