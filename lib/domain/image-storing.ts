/**
 * Imported (for its effect) by the handler of every function that stores images
 * (`storesImages` in lib/routes.ts): it makes lib/domain/images.ts prepare them with
 * lib/domain/image-processing.ts, so that these functions, and only these, bundle sharp.
 */
import { prepareImage } from './image-processing';
import { enableImageStoring } from './images';

enableImageStoring(prepareImage);
