/** The catalogue of functions/uploads. */
import * as z from 'zod';
import { MSG } from '../../contract/messages';
import { IMAGE_MAX_BYTES, UPLOAD_LIMITS } from '../../domain/images';
import * as R from '../responses';
import {
  area,
  e,
  fieldTooLarge,
  imageErrors,
  mb,
  multipartInvalid,
  ok,
  payloadTooLarge,
  tooManyFields,
  type AreaDocs,
  unrecorded,
} from './shared';

const entry = area('Deskripsi wisata');

export const UPLOAD_DOCS = {
  'POST /api/upload/gambar': entry('Upload one image for later use in a description item', {
    facts: unrecorded(1, 'token (then S3)', 'an upload becomes part of a record when a record claims it; that record’s entry lists it'),
    description:
      'Refer to the returned URL in an item’s `gambar`; the item keeps this URL. Uploads no record refers to are removed by the daily sweep once a day old. The image is stored made safe and web-sized: turned upright, every piece of metadata (GPS position, camera) removed, long edge at most 2048 px, in the format it came in; `gambar_varian` gives its WebP card and thumbnail.',
    request: { kind: 'file', limits: UPLOAD_LIMITS, description: `One JPEG, PNG or WebP image, at most ${mb(IMAGE_MAX_BYTES)}` },
    success: ok(R.success({ url: z.string().meta({ format: 'uri' }), gambar_varian: R.ImageVariants })),
    errors: [
      e(400, MSG.noFileUploaded, 'No file (or an empty one) in field `file`'),
      multipartInvalid,
      e(400, MSG.fileFieldUnknown, 'A file comes in a field other than `file`', ': <field>'),
      e(400, MSG.tooManyFiles, 'More than one file', ' (maksimal 1)'),
      tooManyFields,
      ...imageErrors(true),
      fieldTooLarge,
      payloadTooLarge,
      e(415, MSG.unsupportedMediaType, 'A body that is not multipart/form-data'),
      e(
        500,
        MSG.uploadTimedOut,
        'The image was stored less than a second before the function’s deadline: it is removed again, upload it again',
      ),
    ],
  }),
} satisfies AreaDocs;
