// The face of modules/product-import: what the rest of the server may use of it (issue 33; ADR 044).
// Other parts import from here, never from a file behind it (eslint.config.js).
export { type ProductImportConfig, productImportConfigOf } from './product-import.routes.ts';
export { productImportRoutes } from './product-import.routes.ts';
