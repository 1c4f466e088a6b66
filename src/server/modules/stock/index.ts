// The face of modules/stock: what the rest of the server may use of it (issue 33; ADR 044).
// Other parts import from here, never from a file behind it (eslint.config.js).
export {
  BACK_IN_STOCK_KIND,
  backInStockJob,
  backInStockMail,
  releaseAlertsCtes,
  type BackInStockJob,
} from './back-in-stock-release.ts';
export { forSaleSql, productForSale } from './for-sale.ts';
export {
  changeStock,
  givingBack,
  stockChangeCtes,
  stockChangeText,
  stockConsequenceNames,
} from './stock-change.ts';
export {
  stockSetInsert,
  stockSetUpdate,
  stockSetVariantInsert,
  stockSetVariantUpdate,
  type VariantColumns,
} from './stock-set.ts';
