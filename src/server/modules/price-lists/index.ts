// The face of modules/price-lists (issue 37, docs/decisions/059): staff's contract price lists and
// the contract prices a company's member sees. The pricing step reads the same tables.
export { priceListsRoutes } from './price-lists.routes.ts';
