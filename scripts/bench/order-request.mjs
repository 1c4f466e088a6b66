/**
 * The autocannon request that places one order of one unit (the bench and the profile both load
 * `POST /api/purchase` with it): each request picks its caller's token, its product and any
 * extra headers anew.
 */
export function orderRequest({ token, productId, headers = () => ({}) }) {
  return {
    method: 'POST',
    setupRequest: (request) => ({
      ...request,
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token()}`,
        ...headers(),
      },
      body: JSON.stringify({
        productId: productId(),
        orderQuantity: 1,
        address: '1 Bench Street',
        phone: '555 0100',
      }),
    }),
  };
}
