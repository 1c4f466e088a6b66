/**
 * Roots of the query keys that more than one feature touches. Features never import each other,
 * so one that changes another's data (a sale lowers the catalogue's stock and adds an order)
 * invalidates by these roots.
 */
export const queryKeyRoots = {
  /** Every cached product answer: the catalogue's lists and single products ('detail', id). */
  products: ['products'],
  /** Orders: the customer's and the admin's lists. */
  purchases: ['purchases'],
} as const;
