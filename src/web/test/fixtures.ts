import type { ProductSearchResult } from '../../shared/product-search.ts';
import type { Product } from '../../shared/product.ts';
import type { Profile } from '../../shared/profile.ts';
import type { PublicConfig } from '../../shared/public-config.ts';
import type { Basket, BasketLine } from '../../shared/basket.ts';
import type { Checkout } from '../../shared/checkout.ts';
import type { PostalAddress } from '../../shared/postal-address.ts';
import type { CheckoutQuote } from '../../shared/pricing.ts';
import { emptyAddress } from '../components/address-form.tsx';
import type { Purchase } from '../../shared/purchase.ts';
import type { Review } from '../../shared/review.ts';
import type { User } from '../../shared/user.ts';

/** A valid UUID whose last digits are n, so ids stay readable in failures. */
export function uuid(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

export function makeProduct(n: number, overrides: Partial<Product> = {}): Product {
  return {
    _id: uuid(n),
    name: `Product ${n}`,
    price: 100 + n,
    description: `Description of product ${n}`,
    img: `/images/product-${n}.webp`,
    minQuantity: 10,
    availableQuantity: 500,
    priceBreaks: [],
    version: 1,
    images: [],
    categoryId: null,
    platform: null,
    batteryIncluded: false,
    withdrawn: false,
    sku: `TH-${String(n).padStart(5, '0')}`,
    priceFrom: 100 + n,
    priceTo: 100 + n,
    variantCount: 1,
    options: [],
    salePrice: null,
    salePromotion: null,
    ...overrides,
  };
}

export function makeReview(n: number, overrides: Partial<Review> = {}): Review {
  return {
    _id: uuid(1000 + n),
    name: `Customer ${n}`,
    rating: 4,
    review: `Review text ${n}`,
    verified: false,
    ...overrides,
  };
}

/** GET /api/config: no map tiles, no social providers and the built-in test card processor unless a test says otherwise. */
export function makePublicConfig(overrides: Partial<PublicConfig> = {}): PublicConfig {
  return {
    mapTileUrl: null,
    socialProviders: { google: false, facebook: false },
    openIdProvider: null,
    payments: { provider: 'test' },
    testModeNotice: false,
    ...overrides,
  };
}

export function makeUser(n: number, overrides: Partial<User> = {}): User {
  return {
    _id: `user-${n}`,
    email: `user${n}@example.com`,
    name: `User ${n}`,
    role: 'user',
    ...overrides,
  };
}

export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    name: 'Ana Lima',
    email: 'ana@example.com',
    location: 'Lisbon',
    phone: '+351 900 000 000',
    linkedin: 'https://www.linkedin.com/in/ana',
    ...overrides,
  };
}

/** An unpaid, pending order of 10 × Product n by the test customer (test/auth.ts). */
export function makePurchase(n: number, overrides: Partial<Purchase> = {}): Purchase {
  return {
    _id: uuid(2000 + n),
    productId: uuid(n),
    product: `Product ${n}`,
    sku: `TH-${String(n).padStart(5, '0')}`,
    variantLabel: '',
    price: 100 + n,
    customerEmail: 'ana@example.com',
    customerName: 'Ana Lima',
    phone: '+351 900 000 000',
    address: '1 Main Street, Lisbon',
    orderQuantity: 10,
    totalPrice: (100 + n) * 10,
    stat: 'pending',
    shipment: null,
    paid: false,
    transactionId: null,
    createdAt: '2026-11-21T10:00:00.000Z',
    reservedUntil: '2099-11-22T10:00:00.000Z',
    testMode: false,
    receiptNumber: null,
    // A single purchase is a checkout of one (issue 22).
    checkoutId: uuid(3000 + n),
    checkoutReference: `C-${1000 + n}`,
    poReference: null,
    tax: 0,
    taxRate: 0,
    shipping: 0,
    shippingTax: 0,
    amount: (100 + n) * 10,
    discount: 0,
    promotions: [],
    onAccount: false,
    invoiceNumber: null,
    companyId: null,
    ...overrides,
  };
}

/** The home page's one product request: the 6 newest (features/catalog/api/recent-products.ts). */
export const NEWEST_PRODUCTS_URL = '/api/products/search?pageSize=6';

/** A search answer holding `items` (one page of that many). */
export function makeSearchResult(
  items: Product[],
  overrides: Partial<ProductSearchResult> = {},
): ProductSearchResult {
  return { items, total: items.length, page: 1, pageSize: 24, ...overrides };
}

/** GET /api/checkouts/{id} of the checkout `orders` were placed in (the first one's). */
export function makeCheckout(orders: Purchase[], overrides: Partial<Checkout> = {}): Checkout {
  const [first] = orders;
  const live = orders.filter((order) => order.stat === 'pending' && !order.paid);
  return {
    _id: first?.checkoutId ?? uuid(3000),
    reference: first?.checkoutReference ?? 'C-1000',
    poReference: first?.poReference ?? null,
    orders,
    totalPrice: live.reduce((sum, order) => sum + Math.round(order.totalPrice * 100), 0) / 100,
    paid: live.length === 0,
    createdAt: '2026-11-21T10:00:00.000Z',
    deliveryAddress: null,
    shippingMethod: 'Standard delivery',
    shippingDeliveryText: '',
    subtotal: orders.reduce((sum, order) => sum + Math.round(order.totalPrice * 100), 0) / 100,
    shipping: 0,
    tax: 0,
    total: orders.reduce((sum, order) => sum + Math.round(order.totalPrice * 100), 0) / 100,
    pricesIncludeTax: false,
    taxNote: null,
    paymentMethod: 'card',
    approval: 'none',
    approvalReason: null,
    invoice: null,
    ...overrides,
  };
}

/** A basket line of `quantity` × Product n as the server prices it (makeProduct's price). */
export function makeBasketLine(
  n: number,
  quantity: number,
  overrides: Partial<BasketLine> = {},
): BasketLine {
  const price = 100 + n;
  return {
    productId: uuid(n),
    sku: `TH-${String(n).padStart(5, '0')}`,
    variantLabel: '',
    name: `Product ${n}`,
    img: `/images/product-${n}.webp`,
    price,
    basePrice: overrides.price ?? price,
    priceBreaks: [],
    quantity,
    lineTotal: (Math.round(price * 100) * quantity) / 100,
    minQuantity: 10,
    availableQuantity: 500,
    problem: null,
    ...overrides,
  };
}

/** A basket answer holding `lines`, with their total. */
export function makeBasket(lines: BasketLine[], notices: string[] = []): Basket {
  const cents = lines.reduce((sum, line) => sum + Math.round(line.lineTotal * 100), 0);
  return { lines, totalPrice: cents / 100, notices };
}

/**
 * An answer of POST /api/checkout/quote for the purchase form's one line (issue 35): the line at
 * `unitPrice`, a free "Standard delivery" and no tax (a fresh shop), unless `overrides` say more.
 * `body` is the request's, so the quote prices what was asked.
 */
export function makeLineQuote(
  body: unknown,
  unitPrice: number,
  overrides: Partial<CheckoutQuote> = {},
): CheckoutQuote {
  const { line } = body as { line: { productId: string; sku?: string; quantity: number } };
  const net = (Math.round(unitPrice * 100) * line.quantity) / 100;
  const standard = {
    id: uuid(5000),
    name: 'Standard delivery',
    deliveryText: '',
    price: 0,
    tax: 0,
    collect: false,
  };
  return {
    quoteId: uuid(6000 + line.quantity),
    expiresAt: '2026-11-29T10:30:00.000Z',
    address: emptyAddress('US'),
    lines: [
      {
        productId: line.productId,
        sku: line.sku ?? '',
        name: 'Product',
        variantLabel: '',
        quantity: line.quantity,
        unitPrice,
        discount: 0,
        lineTotal: net,
        tax: 0,
        taxRate: 0,
      },
    ],
    shippingMethods: [standard],
    shippingMethod: standard,
    subtotal: net,
    discount: 0,
    promotions: [],
    shipping: 0,
    tax: 0,
    total: net,
    weightGrams: 0,
    pricesIncludeTax: false,
    taxNote: null,
    paymentMethod: 'card',
    company: null,
    ...overrides,
  };
}

/** A complete US address (Austin, Texas) for the address forms, `name` the recipient's. */
export function austinAddress(name: string): PostalAddress {
  return {
    name,
    company: '',
    line1: '1 Main Street',
    line2: '',
    city: 'Austin',
    region: 'TX',
    postalCode: '78701',
    country: 'US',
    phone: '+1 512 555 0100',
  };
}
