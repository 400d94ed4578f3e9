/** Batch image upload and stored files (issue 4). */
export { imageRoutes } from './images.routes';
export { imageLimits } from './images.service';
export { checkImageSize, readImageHeader, type ImageInfo, type ImagePurpose } from './image-header.util';
