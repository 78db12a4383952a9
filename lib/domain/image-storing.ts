/**
 * Imported (for its effect) by the handler of every function that stores images
 * (`storesImages` in lib/routes.ts): it makes lib/domain/images.ts check and prepare them
 * with lib/domain/image-processing.ts, so that these functions, and only these, bundle sharp.
 */
import { checkImages, prepareImage } from './image-processing';
import { enableImageStoring } from './images';

enableImageStoring({ check: checkImages, prepare: prepareImage });
