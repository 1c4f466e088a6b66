// The product list is the web app's one catalogue query (src/web/api/products.ts); this name
// stays for the server renderer's page data until it imports that module directly.
export { productsQueryOptions, useProducts } from '../../../api/products.ts';
