// The face of modules/images: what the rest of the server may use of it (issue 33; ADR 044).
// Other parts import from here, never from a file behind it (eslint.config.js).
export { imageUploadRoutes } from './image-upload.routes.ts';
export { sniffImageFormat } from './image-upload.service.ts';
export { imagesRoutes } from './images.routes.ts';
export { isStoredImageUrl, storeWebp, toWebp } from './images.service.ts';
