// The face of modules/catalog: what the rest of the server may use of it (issue 33; ADR 044).
// Other parts import from here, never from a file behind it (eslint.config.js).
export { CATALOG_FRESHNESS_MS, type CatalogCache, createCatalogCache } from './catalog-cache.ts';
export { catalogSearchRoutes } from './catalog-search.routes.ts';
export { catalogRoutes } from './catalog.routes.ts';
export { productAffinityRoutes } from './product-affinity.routes.ts';
export {
  imagesCell,
  priceBreaksCell,
  readImagesCell,
  readPriceBreaksCell,
  readYesNoCell,
  yesNoCell,
} from './product-cells.ts';
