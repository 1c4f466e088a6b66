import { describe, expect, it } from 'vitest';
import { routeTableOf } from '../../http/route-table.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { documentedMethods, jsonSchemaOf, openApiPath, type OpenApiDocument } from './openapi.ts';

const t = setUpAppWithAccounts();

async function openApi(): Promise<OpenApiDocument> {
  const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and public', async () => {
    const document = await openApi();
    expect(document.openapi).toBe('3.1.0');
    expect(document.paths['/api/products']?.get?.['x-access']).toBe('public');
    expect(document.paths['/api/products']?.post?.['x-access']).toBe('permission:catalogue.manage');
  });

  it('documents every registered route with the schemas the route validates with', async () => {
    const document = await openApi();
    const table = routeTableOf(t.app);
    expect(table.length).toBeGreaterThan(30);
    const missing: string[] = [];
    for (const entry of table) {
      for (const method of documentedMethods(entry)) {
        // The route really is routed by Fastify under this method and URL.
        expect(t.app.hasRoute({ method: method as 'GET', url: entry.url })).toBe(true);
        const operation = document.paths[openApiPath(entry.url)]?.[method.toLowerCase()];
        if (!operation) {
          missing.push(`${method} ${entry.url}`);
          continue;
        }
        const body = jsonSchemaOf(entry.inputs.body, 'input');
        expect(operation.requestBody?.content['application/json']?.schema).toEqual(body);
        const query = jsonSchemaOf(entry.inputs.querystring, 'input') as
          { properties?: Record<string, unknown> } | undefined;
        for (const [name, schema] of Object.entries(query?.properties ?? {}))
          expect(
            operation.parameters?.find((p) => p.in === 'query' && p.name === name)?.schema,
          ).toEqual(schema);
        for (const [status, schema] of Object.entries(entry.response ?? {}))
          expect(operation.responses[status]?.content?.['application/json']?.schema).toEqual(
            jsonSchemaOf(schema, 'output'),
          );
      }
    }
    expect(missing).toEqual([]);
    expect(Object.keys(document.paths).length).toBeGreaterThan(30);
  });

  it('documents the variant SKU of quotes, back-in-stock alerts and recalls (issue 34)', async () => {
    const document = await openApi();
    const bodyProperties = (path: string) =>
      Object.keys(
        (
          document.paths[path]?.post?.requestBody?.content['application/json']?.schema as {
            properties: Record<string, unknown>;
          }
        ).properties,
      );
    expect(bodyProperties('/api/quotes')).toContain('sku');
    expect(bodyProperties('/api/recalls')).toContain('sku');
    for (const method of ['get', 'post', 'delete'])
      expect(
        document.paths['/api/products/{productId}/notify']?.[method]?.parameters?.find(
          (p) => p.in === 'query' && p.name === 'sku',
        ),
        method,
      ).toBeDefined();
  });

  it('describes a body exactly as the route checks it', async () => {
    const document = await openApi();
    const schema = document.paths['/api/products']?.post?.requestBody?.content['application/json']
      ?.schema as { required: string[]; properties: Record<string, unknown> };
    expect(schema.required).toEqual(expect.arrayContaining(['name', 'price', 'img']));
    // The route refuses a body without a documented required field.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { authorization: `Bearer ${t.admin.token}` },
      payload: { price: 3 },
    });
    expect(refused.statusCode).toBe(400);
  });
});

/** A JSON schema's type as written below: `'string'`, or the types of an `anyOf` in order. */
function typeOf(schema: unknown): string | string[] {
  const { type, anyOf } = (schema ?? {}) as { type?: string; anyOf?: { type?: string }[] };
  return anyOf ? anyOf.map((one) => one.type ?? '?') : (type ?? '?');
}

interface ObjectShape {
  required: string[];
  /** Property name → type (see `typeOf`). */
  types: Record<string, string | string[]>;
}

/** What a sample of operations must say, written by hand from the routes and the docs. */
interface Expected {
  method: 'get' | 'post' | 'put' | 'patch';
  path: string;
  access: string;
  parameters: { name: string; in: 'path' | 'query'; required: boolean }[];
  body: ObjectShape | null;
  responses: string[];
  /** The success response's body, when the route documents one. */
  success: { status: string; shape: ObjectShape } | null;
}

const ORDER: ObjectShape = {
  required: [
    '_id',
    'productId',
    'product',
    'sku',
    'variantLabel',
    'price',
    'customerEmail',
    'customerName',
    'phone',
    'address',
    'orderQuantity',
    'totalPrice',
    'stat',
    'shipment',
    'paid',
    'transactionId',
    'createdAt',
    'reservedUntil',
    'testMode',
    'receiptNumber',
    'checkoutId',
    'checkoutReference',
    'poReference',
    'tax',
    'taxRate',
    'shipping',
    'shippingTax',
    'amount',
    'discount',
    'promotions',
    'onAccount',
    'invoiceNumber',
    'companyId',
  ],
  types: {
    _id: 'string',
    productId: ['string', 'null'],
    product: 'string',
    sku: 'string',
    variantLabel: 'string',
    price: 'number',
    customerEmail: 'string',
    customerName: 'string',
    phone: 'string',
    address: 'string',
    orderQuantity: 'integer',
    totalPrice: 'number',
    stat: 'string',
    shipment: ['object', 'null'],
    paid: 'boolean',
    transactionId: ['string', 'null'],
    createdAt: 'string',
    reservedUntil: ['string', 'null'],
    testMode: 'boolean',
    receiptNumber: ['integer', 'null'],
    checkoutId: 'string',
    checkoutReference: 'string',
    poReference: ['string', 'null'],
    tax: 'number',
    taxRate: 'number',
    shipping: 'number',
    shippingTax: 'number',
    amount: 'number',
    discount: 'number',
    promotions: 'array',
    // Issue 37: paid on the company's account, its invoice, the company.
    onAccount: 'boolean',
    invoiceNumber: ['string', 'null'],
    companyId: ['string', 'null'],
  },
};

/** A company (issue 37), as the companies routes answer it. */
const COMPANY: ObjectShape = {
  required: [
    'id',
    'name',
    'taxNumber',
    'billingAddress',
    'credit',
    'priceList',
    'myRole',
    'memberCount',
    'createdAt',
  ],
  types: {
    id: 'string',
    name: 'string',
    taxNumber: 'string',
    billingAddress: ['object', 'null'],
    credit: 'object',
    priceList: ['object', 'null'],
    myRole: ['string', 'null'],
    memberCount: 'integer',
    createdAt: 'string',
  },
};

/** One variant (issue 34), as GET /api/variants/{sku} and a product's detail show it. */
const VARIANT: ObjectShape = {
  required: [
    '_id',
    'productId',
    'sku',
    'optionValues',
    'label',
    'price',
    'priceBreaks',
    'minQuantity',
    'availableQuantity',
    'weightGrams',
    'lengthMm',
    'widthMm',
    'heightMm',
    'images',
    'withdrawn',
    'parts',
    'version',
    'taxClass',
    'salePrice',
    'salePromotion',
  ],
  types: {
    _id: 'string',
    productId: 'string',
    sku: 'string',
    optionValues: 'object',
    label: 'string',
    price: 'number',
    priceBreaks: 'array',
    minQuantity: 'integer',
    availableQuantity: 'integer',
    weightGrams: 'integer',
    lengthMm: ['integer', 'null'],
    widthMm: ['integer', 'null'],
    heightMm: ['integer', 'null'],
    images: 'array',
    withdrawn: 'boolean',
    parts: 'array',
    version: 'integer',
    taxClass: 'string',
    salePrice: ['number', 'null'],
    salePromotion: ['string', 'null'],
  },
};

/** A product with its variants (the spec's product fields are its default variant's). */
const PRODUCT_DETAIL: ObjectShape = {
  required: [
    '_id',
    'name',
    'price',
    'description',
    'img',
    'minQuantity',
    'availableQuantity',
    'priceBreaks',
    'version',
    'images',
    'categoryId',
    'platform',
    'batteryIncluded',
    'withdrawn',
    'sku',
    'priceFrom',
    'priceTo',
    'variantCount',
    'options',
    'salePrice',
    'salePromotion',
    'variants',
  ],
  types: {
    _id: 'string',
    name: 'string',
    price: 'number',
    description: 'string',
    img: 'string',
    minQuantity: 'integer',
    availableQuantity: 'integer',
    priceBreaks: 'array',
    version: 'integer',
    images: 'array',
    categoryId: ['string', 'null'],
    platform: ['string', 'null'],
    batteryIncluded: 'boolean',
    withdrawn: 'boolean',
    sku: 'string',
    priceFrom: 'number',
    priceTo: 'number',
    variantCount: 'integer',
    options: 'array',
    salePrice: ['number', 'null'],
    salePromotion: ['string', 'null'],
    variants: 'array',
  },
};

/** A request for a tax exemption (issue 35), as the customer and staff see it. */
const TAX_EXEMPTION: ObjectShape = {
  required: [
    '_id',
    'kind',
    'customerEmail',
    'customerName',
    'vatNumber',
    'country',
    'documentName',
    'documentType',
    'documentBytes',
    'status',
    'reason',
    'reviewedAt',
    'createdAt',
    'note',
  ],
  types: {
    _id: 'string',
    kind: 'string',
    customerEmail: 'string',
    customerName: 'string',
    vatNumber: ['string', 'null'],
    country: ['string', 'null'],
    documentName: ['string', 'null'],
    documentType: ['string', 'null'],
    documentBytes: ['integer', 'null'],
    status: 'string',
    reason: ['string', 'null'],
    reviewedAt: ['string', 'null'],
    createdAt: 'string',
    note: ['string', 'null'],
  },
};

/** Issue 37: an invoice of a checkout on account, as every invoice route answers it. */
const INVOICE: ObjectShape = {
  required: [
    'id',
    'number',
    'companyId',
    'companyName',
    'checkoutNumber',
    'poReference',
    'amount',
    'tax',
    'paid',
    'due',
    'status',
    'overdue',
    'issuedAt',
    'dueAt',
    'paidAt',
    'payments',
    'orders',
  ],
  types: {
    id: 'string',
    number: 'string',
    companyId: 'string',
    companyName: 'string',
    checkoutNumber: 'integer',
    poReference: ['string', 'null'],
    amount: 'number',
    tax: 'number',
    paid: 'number',
    due: 'number',
    status: 'string',
    overdue: 'boolean',
    issuedAt: 'string',
    dueAt: 'string',
    paidAt: ['string', 'null'],
    payments: 'array',
    orders: 'array',
  },
};

/** Issue 37: an approval decided, with its checkout's orders. */
const APPROVAL_DECISION: ObjectShape = {
  required: ['checkoutId', 'approval', 'invoiceNumber', 'orders'],
  types: {
    checkoutId: 'string',
    approval: 'string',
    invoiceNumber: ['string', 'null'],
    orders: 'array',
  },
};

const SAMPLE: Expected[] = [
  {
    // Served from the catalogue's cached bytes (no response schema to document).
    method: 'get',
    path: '/api/products',
    access: 'public',
    parameters: [],
    body: null,
    responses: ['200', '4XX'],
    success: null,
  },
  {
    method: 'get',
    path: '/api/products/{productId}',
    access: 'public',
    parameters: [{ name: 'productId', in: 'path', required: true }],
    body: null,
    responses: ['200', '4XX'],
    success: null,
  },
  {
    // Issue 34: staff replace a product's options and variants.
    method: 'put',
    path: '/api/products/{productId}/variants',
    access: 'permission:catalogue.manage',
    parameters: [{ name: 'productId', in: 'path', required: true }],
    body: {
      required: ['options', 'variants'],
      types: { options: 'array', variants: 'array', version: 'integer' },
    },
    responses: ['200', '4XX'],
    success: { status: '200', shape: PRODUCT_DETAIL },
  },
  {
    method: 'get',
    path: '/api/variants/{sku}',
    access: 'public',
    parameters: [{ name: 'sku', in: 'path', required: true }],
    body: null,
    responses: ['200', '4XX'],
    success: { status: '200', shape: VARIANT },
  },
  {
    method: 'post',
    path: '/api/purchase',
    access: 'user',
    parameters: [],
    body: {
      required: ['productId', 'orderQuantity'],
      types: {
        productId: 'string',
        sku: 'string',
        orderQuantity: ['number', 'string'],
        address: 'string',
        phone: 'string',
        // Issue 35: the rest of a structured address, the method and the quote seen.
        country: 'string',
        region: 'string',
        city: 'string',
        postalCode: 'string',
        shippingMethod: 'string',
        quoteId: 'string',
        // Issue 36: promotion codes.
        codes: 'array',
        // Issue 37: card or the company's account.
        paymentMethod: 'string',
      },
    },
    responses: ['201', '4XX'],
    success: { status: '201', shape: ORDER },
  },
  {
    method: 'patch',
    path: '/api/purchase/{id}',
    access: 'user',
    parameters: [{ name: 'id', in: 'path', required: true }],
    body: { required: ['transactionId'], types: { transactionId: 'string' } },
    responses: ['200', '4XX'],
    success: { status: '200', shape: ORDER },
  },
  {
    // The spec's Ship; issue 35: the parcel's carrier and tracking number (both or neither).
    method: 'put',
    path: '/api/purchase/{id}',
    access: 'permission:orders.fulfil',
    parameters: [{ name: 'id', in: 'path', required: true }],
    body: {
      required: [],
      types: { stat: 'string', carrier: 'string', trackingNumber: 'string' },
    },
    responses: ['200', '4XX'],
    success: { status: '200', shape: ORDER },
  },
  {
    // Issue 35: orders of one checkout shipped in one parcel.
    method: 'post',
    path: '/api/shipments',
    access: 'permission:orders.fulfil',
    parameters: [],
    body: {
      required: ['orderIds'],
      types: { orderIds: 'array', carrier: 'string', trackingNumber: 'string' },
    },
    responses: ['201', '4XX'],
    success: {
      status: '201',
      shape: { required: ['shipment', 'orders'], types: { shipment: 'object', orders: 'array' } },
    },
  },
  {
    method: 'post',
    path: '/api/checkout',
    access: 'user',
    parameters: [],
    body: {
      required: [],
      types: {
        // Issue 35: a structured address or one line; a saved one; the method; the quote seen.
        address: ['object', 'string'],
        addressId: 'string',
        shippingMethod: 'string',
        codes: 'array',
        paymentMethod: 'string',
        quoteId: 'string',
        phone: 'string',
        poReference: 'string',
      },
    },
    responses: ['201', '4XX'],
    success: {
      status: '201',
      shape: {
        required: [
          'checkoutId',
          'reference',
          'orders',
          'totalPrice',
          'paymentMethod',
          'approval',
          'invoice',
        ],
        types: {
          checkoutId: 'string',
          reference: 'string',
          orders: 'array',
          totalPrice: 'number',
          paymentMethod: 'string',
          approval: 'string',
          invoice: ['object', 'null'],
        },
      },
    },
  },
  {
    // Issue 35: the pricing step.
    method: 'post',
    path: '/api/checkout/quote',
    access: 'user',
    parameters: [],
    body: {
      required: [],
      types: {
        address: ['object', 'string'],
        addressId: 'string',
        shippingMethod: 'string',
        codes: 'array',
        paymentMethod: 'string',
        line: 'object',
      },
    },
    responses: ['200', '4XX'],
    success: {
      status: '200',
      shape: {
        required: [
          'quoteId',
          'expiresAt',
          'address',
          'lines',
          'shippingMethods',
          'shippingMethod',
          'subtotal',
          'discount',
          'promotions',
          'shipping',
          'tax',
          'total',
          'weightGrams',
          'pricesIncludeTax',
          'taxNote',
          'paymentMethod',
          'company',
        ],
        types: {
          quoteId: 'string',
          expiresAt: 'string',
          address: 'object',
          lines: 'array',
          shippingMethods: 'array',
          shippingMethod: 'object',
          subtotal: 'number',
          discount: 'number',
          promotions: 'array',
          shipping: 'number',
          tax: 'number',
          total: 'number',
          weightGrams: 'integer',
          pricesIncludeTax: 'boolean',
          taxNote: ['string', 'null'],
          paymentMethod: 'string',
          company: ['object', 'null'],
        },
      },
    },
  },
  {
    // Issue 34: lines of SKU and quantity into the caller's basket, each line's result answered.
    method: 'post',
    path: '/api/quick-order',
    access: 'user',
    parameters: [],
    body: { required: ['lines'], types: { lines: 'array' } },
    responses: ['200', '4XX'],
    success: {
      status: '200',
      shape: {
        required: ['lines', 'added', 'notices'],
        types: { lines: 'array', added: 'integer', notices: 'array' },
      },
    },
  },
  {
    // Issue 37: a company's saved list, lines by SKU.
    method: 'post',
    path: '/api/lists',
    access: 'user',
    parameters: [],
    body: { required: ['name'], types: { name: 'string', lines: 'array' } },
    responses: ['201', '4XX'],
    success: {
      status: '201',
      shape: {
        required: ['id', 'name', 'lines', 'createdBy', 'updatedAt'],
        types: {
          id: 'string',
          name: 'string',
          lines: 'array',
          createdBy: ['string', 'null'],
          updatedAt: 'string',
        },
      },
    },
  },
  {
    // Issue 37: a saved list into the caller's basket: the basket and the lines skipped.
    method: 'post',
    path: '/api/lists/{id}/basket',
    access: 'user',
    parameters: [{ name: 'id', in: 'path', required: true }],
    body: null,
    responses: ['200', '4XX'],
    success: {
      status: '200',
      shape: {
        required: ['lines', 'totalPrice', 'notices', 'skipped'],
        types: { lines: 'array', totalPrice: 'number', notices: 'array', skipped: 'array' },
      },
    },
  },
  {
    // Issue 35: staff add a shipping method to a zone (money in dollars, weights in grams).
    method: 'post',
    path: '/api/admin/shipping-zones/{zoneId}/methods',
    access: 'permission:admin.other',
    parameters: [{ name: 'zoneId', in: 'path', required: true }],
    body: {
      required: ['name', 'rates'],
      types: {
        name: 'string',
        deliveryText: 'string',
        rates: 'array',
        freeOver: ['number', 'null'],
        collect: 'boolean',
        active: 'boolean',
        position: 'integer',
      },
    },
    responses: ['201', '4XX'],
    success: {
      status: '201',
      shape: {
        required: [
          '_id',
          'zoneId',
          'name',
          'deliveryText',
          'rates',
          'freeOver',
          'collect',
          'active',
          'position',
        ],
        types: {
          _id: 'string',
          zoneId: 'string',
          name: 'string',
          deliveryText: 'string',
          rates: 'array',
          freeOver: ['number', 'null'],
          collect: 'boolean',
          active: 'boolean',
          position: 'integer',
        },
      },
    },
  },
  {
    // Issue 35: staff change a row of the built-in tax table ("DE", "US-CA"), rates in percent.
    method: 'patch',
    path: '/api/admin/tax-regions/{code}',
    access: 'permission:admin.other',
    parameters: [{ name: 'code', in: 'path', required: true }],
    body: {
      required: [],
      types: {
        standardRate: 'number',
        reducedRate: 'number',
        collect: 'boolean',
        taxShipping: 'boolean',
        pricesIncludeTax: 'boolean',
      },
    },
    responses: ['200', '4XX'],
    success: {
      status: '200',
      shape: {
        required: [
          'code',
          'country',
          'region',
          'name',
          'standardRate',
          'reducedRate',
          'collect',
          'taxShipping',
          'pricesIncludeTax',
          'updatedAt',
        ],
        types: {
          code: 'string',
          country: 'string',
          region: 'string',
          name: 'string',
          standardRate: 'number',
          reducedRate: 'number',
          collect: 'boolean',
          taxShipping: 'boolean',
          pricesIncludeTax: 'boolean',
          updatedAt: 'string',
        },
      },
    },
  },
  {
    // Issue 36: staff generate a batch of single-use codes for a promotion.
    method: 'post',
    path: '/api/admin/promotions/{id}/code-batches',
    access: 'permission:catalogue.manage',
    parameters: [{ name: 'id', in: 'path', required: true }],
    body: { required: ['count'], types: { count: 'integer', prefix: 'string' } },
    responses: ['201', '4XX'],
    success: {
      status: '201',
      shape: {
        required: ['id', 'promotionId', 'prefix', 'count', 'used', 'createdAt'],
        types: {
          id: 'string',
          promotionId: 'string',
          prefix: 'string',
          count: 'integer',
          used: 'integer',
          createdAt: 'string',
        },
      },
    },
  },
  {
    // Issue 37: a company's admin creates it (one per account).
    method: 'post',
    path: '/api/companies',
    access: 'user',
    parameters: [],
    body: {
      required: ['name'],
      types: { name: 'string', taxNumber: 'string', billingAddress: ['object', 'null'] },
    },
    responses: ['201', '4XX'],
    success: { status: '201', shape: COMPANY },
  },
  {
    // Issue 37: a company's admin sets a member's role and limits (dollars; null: none).
    method: 'patch',
    path: '/api/companies/{id}/members/{memberId}',
    access: 'user',
    parameters: [
      { name: 'id', in: 'path', required: true },
      { name: 'memberId', in: 'path', required: true },
    ],
    body: {
      required: [],
      types: { role: 'string', orderLimit: ['number', 'null'], monthLimit: ['number', 'null'] },
    },
    responses: ['200', '4XX'],
    success: {
      status: '200',
      shape: {
        required: [
          'id',
          'userId',
          'name',
          'email',
          'role',
          'orderLimit',
          'monthLimit',
          'monthSpent',
          'createdAt',
        ],
        types: {
          id: 'string',
          userId: 'string',
          name: 'string',
          email: 'string',
          role: 'string',
          orderLimit: ['number', 'null'],
          monthLimit: ['number', 'null'],
          monthSpent: 'number',
          createdAt: 'string',
        },
      },
    },
  },
  {
    // Issue 37: staff set a company's credit.
    method: 'patch',
    path: '/api/companies/{id}/credit',
    access: 'permission:admin.other',
    parameters: [{ name: 'id', in: 'path', required: true }],
    body: {
      required: ['status', 'limit', 'termsDays'],
      types: { status: 'string', limit: 'number', termsDays: 'integer' },
    },
    responses: ['200', '4XX'],
    success: { status: '200', shape: COMPANY },
  },
  {
    // Issue 37: staff create a contract price list (prices by SKU, percents off by category).
    method: 'post',
    path: '/api/price-lists',
    access: 'permission:admin.other',
    parameters: [],
    body: { required: ['name'], types: { name: 'string', prices: 'array', discounts: 'array' } },
    responses: ['201', '4XX'],
    success: {
      status: '201',
      shape: {
        required: ['id', 'name', 'prices', 'discounts', 'companies', 'updatedAt'],
        types: {
          id: 'string',
          name: 'string',
          prices: 'array',
          discounts: 'array',
          companies: 'array',
          updatedAt: 'string',
        },
      },
    },
  },
  {
    // Issue 37: a member's contract prices, fetched after hydration (never in cached HTML).
    method: 'get',
    path: '/api/contract-prices',
    access: 'user',
    parameters: [{ name: 'productIds', in: 'query', required: true }],
    body: null,
    responses: ['200', '4XX'],
    success: {
      status: '200',
      shape: {
        required: ['priceListName', 'prices', 'products'],
        types: { priceListName: ['string', 'null'], prices: 'object', products: 'object' },
      },
    },
  },
  {
    // Issue 35: a VAT number as JSON (a certificate goes as multipart/form-data: the summary).
    method: 'post',
    path: '/api/tax-exemptions',
    access: 'user',
    parameters: [],
    body: { required: ['vatNumber'], types: { vatNumber: 'string' } },
    responses: ['201', '4XX'],
    success: { status: '201', shape: TAX_EXEMPTION },
  },
  {
    method: 'post',
    path: '/api/admin/tax-exemptions/{id}/reject',
    access: 'permission:admin.other',
    parameters: [{ name: 'id', in: 'path', required: true }],
    body: { required: ['reason'], types: { reason: 'string' } },
    responses: ['200', '4XX'],
    success: { status: '200', shape: TAX_EXEMPTION },
  },
  {
    // Issue 37: a member's company's invoices; staff filter by company and status.
    method: 'get',
    path: '/api/invoices',
    access: 'user',
    parameters: [
      { name: 'companyId', in: 'query', required: false },
      { name: 'status', in: 'query', required: false },
    ],
    body: null,
    responses: ['200', '4XX'],
    success: { status: '200', shape: { required: ['invoices'], types: { invoices: 'array' } } },
  },
  {
    // Issue 37: staff record a payment received against an invoice (dollars).
    method: 'post',
    path: '/api/invoices/{id}/payments',
    access: 'permission:admin.other',
    parameters: [{ name: 'id', in: 'path', required: true }],
    body: {
      required: ['amount'],
      types: { amount: 'number', reference: 'string', receivedOn: 'string' },
    },
    responses: ['201', '4XX'],
    success: { status: '201', shape: INVOICE },
  },
  {
    method: 'get',
    path: '/api/companies/{id}/statement',
    access: 'user',
    parameters: [{ name: 'id', in: 'path', required: true }],
    body: null,
    responses: ['200', '4XX'],
    success: {
      status: '200',
      shape: {
        required: [
          'companyId',
          'creditLimit',
          'termsDays',
          'balance',
          'available',
          'overdue',
          'ageing',
          'openInvoices',
        ],
        types: {
          companyId: 'string',
          creditLimit: 'number',
          termsDays: 'integer',
          balance: 'number',
          available: 'number',
          overdue: 'number',
          ageing: 'object',
          openInvoices: 'array',
        },
      },
    },
  },
  {
    method: 'get',
    path: '/api/invoices/ageing',
    access: 'permission:admin.other',
    parameters: [],
    body: null,
    responses: ['200', '4XX'],
    success: {
      status: '200',
      shape: { required: ['companies', 'totals'], types: { companies: 'array', totals: 'object' } },
    },
  },
  {
    // Issue 37: a company's checkouts awaiting approval.
    method: 'get',
    path: '/api/approvals',
    access: 'user',
    parameters: [],
    body: null,
    responses: ['200', '4XX'],
    success: { status: '200', shape: { required: ['approvals'], types: { approvals: 'array' } } },
  },
  {
    method: 'post',
    path: '/api/approvals/{checkoutId}/approve',
    access: 'user',
    parameters: [{ name: 'checkoutId', in: 'path', required: true }],
    body: null,
    responses: ['200', '4XX'],
    success: { status: '200', shape: APPROVAL_DECISION },
  },
  {
    method: 'post',
    path: '/api/approvals/{checkoutId}/reject',
    access: 'user',
    parameters: [{ name: 'checkoutId', in: 'path', required: true }],
    body: { required: ['reason'], types: { reason: 'string' } },
    responses: ['200', '4XX'],
    success: { status: '200', shape: APPROVAL_DECISION },
  },
  {
    method: 'get',
    path: '/api/companies/{id}/orders',
    access: 'user',
    parameters: [
      { name: 'id', in: 'path', required: true },
      { name: 'page', in: 'query', required: false },
    ],
    body: null,
    responses: ['200', '4XX'],
    success: {
      status: '200',
      shape: {
        required: ['orders', 'total', 'page', 'pageSize'],
        types: { orders: 'array', total: 'integer', page: 'integer', pageSize: 'integer' },
      },
    },
  },
];

/** An object schema as `ObjectShape`, read from the document. */
function shapeOf(schema: unknown): ObjectShape {
  const { required = [], properties = {} } = schema as {
    required?: string[];
    properties?: Record<string, unknown>;
  };
  return {
    required,
    types: Object.fromEntries(Object.entries(properties).map(([name, s]) => [name, typeOf(s)])),
  };
}

describe('a sample of operations, as written by hand', () => {
  it.each(SAMPLE.map((expected) => [`${expected.method} ${expected.path}`, expected] as const))(
    '%s',
    async (_name, expected) => {
      const document = await openApi();
      const operation = document.paths[expected.path]?.[expected.method];
      expect(operation, `${expected.method} ${expected.path} is documented`).toBeDefined();
      expect(operation!['x-access']).toBe(expected.access);
      expect(
        (operation!.parameters ?? []).map(({ name, in: where, required }) => ({
          name,
          in: where,
          required,
        })),
      ).toEqual(expected.parameters);
      const body = operation!.requestBody?.content['application/json']?.schema;
      if (expected.body === null) expect(operation!.requestBody).toBeUndefined();
      else {
        expect(operation!.requestBody?.required).toBe(true);
        expect(shapeOf(body)).toEqual(expected.body);
      }
      expect(Object.keys(operation!.responses).sort()).toEqual(expected.responses);
      expect(operation!.responses['4XX']?.content?.['application/json']?.schema).toEqual({
        $ref: '#/components/schemas/ApiError',
      });
      const success = expected.success;
      if (success === null) {
        for (const status of expected.responses.filter((code) => code.startsWith('2')))
          expect(operation!.responses[status]?.content).toBeUndefined();
      } else {
        const schema = operation!.responses[success.status]?.content?.['application/json']?.schema;
        expect(shapeOf(schema)).toEqual(success.shape);
      }
    },
  );
});

describe('the API reference page', () => {
  it('is server-rendered HTML with our own stylesheet only, under the CSP', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.body).toContain('<code>/api/products/{productId}</code>');
    expect(response.body).not.toMatch(/<script|https?:\/\/(?!localhost)/);
    const css = await t.app.inject({ method: 'GET', url: '/api/docs.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
  });
});
