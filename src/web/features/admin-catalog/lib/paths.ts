/** The admin catalogue's screens (the router in app/router.tsx mounts them at these paths). */
export const MANAGE_PRODUCTS_PATH = '/dashboard/manageProducts';
export const ADD_PRODUCT_PATH = '/dashboard/addProduct';
export const editProductPath = (productId: string) =>
  `${MANAGE_PRODUCTS_PATH}/${encodeURIComponent(productId)}/edit`;
