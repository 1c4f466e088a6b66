/** Toast after Ship (the spec does not say; ours tells the admin it worked). */
export const ORDER_SHIPPED_MESSAGE = 'Order shipped';

/** The delete confirmation's question, as the spec words it for products. */
export const deleteOrderQuestion = (productName: string) =>
  `Are you sure you want to delete ${productName}?`;
