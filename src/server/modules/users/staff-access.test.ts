import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { can } from '../../../shared/permissions.ts';
import type { Purchase } from '../../../shared/purchase.ts';
import type { Role } from '../../../shared/user.ts';
import { routeTableOf } from '../../http/route-table.ts';
import { signUp, type SignedIn } from '../../testing/accounts.ts';
import { paidOrder } from '../../testing/aftersale.ts';
import { createTestCompany } from '../../testing/companies.ts';
import { createProduct } from '../../testing/factories.ts';
import { placeTestOrder } from '../../testing/orders.ts';
import { signUpWithRole } from '../../testing/staff.ts';
import { setUpTestApp } from '../../testing/test-app.ts';

// The role matrix (issue 39): EVERY route the app registers, called by every role and signed out,
// against the hand-written table below (docs/architecture.md, "The role matrix"). A route missing
// from the table fails the test: a new route gets its row, saying who may call it.
//
// - "allowed": anything but 401/403 (a 400, 404 or 409 is fine: the caller got past the checks).
// - "refused": exactly 401 signed out, 403 signed in.
// - A row marked `hidden` calls the route on ANOTHER customer's record (the `victim`'s), and its
//   service answers a record the caller may not see like an unknown one: refused is then 401
//   signed out, 404 signed in, and allowed must be neither 401, 403 nor 404. So a route that
//   decides staff power inside its service is covered too.

type Caller = 'signed out' | 'customer' | 'catalogue' | 'warehouse' | 'admin';
/** Least power first: a state change by the first allowed caller does not hide a refusal. */
const CALLERS: readonly Caller[] = ['signed out', 'customer', 'catalogue', 'warehouse', 'admin'];

const ANYONE: readonly Caller[] = CALLERS;
const SIGNED_IN: readonly Caller[] = ['customer', 'catalogue', 'warehouse', 'admin'];
const CATALOGUE: readonly Caller[] = ['catalogue', 'admin'];
const ORDERS: readonly Caller[] = ['warehouse', 'admin'];
const ADMIN: readonly Caller[] = ['admin'];
/** Only the record's owner (none of the callers: the record is the victim's). */
const OWNER_ONLY: readonly Caller[] = [];

/** The records the rows point at, made once before the walk. */
interface Fixtures {
  victim: SignedIn;
  /** The victim's unpaid order; `newUnpaid` places another (one per caller of a DELETE). */
  unpaid: Purchase;
  newUnpaid: () => Promise<Purchase>;
  /** The victim's paid order and the refund an admin made of it. */
  paid: Purchase;
  refundId: string;
  quoteId: string;
}

interface Call {
  url?: string;
  payload?: unknown;
}

interface Row {
  may: readonly Caller[];
  /** The service answers someone else's record as unknown (404): see above. */
  hidden?: true;
  /** The URL and body; by default the pattern with made-up ids and an empty JSON body. */
  call?: (f: Fixtures) => Call | Promise<Call>;
}

/** Route (`METHOD /pattern`, as registered) → who may call it. HEAD follows its GET. */
const MATRIX: Record<string, Row> = {
  // Identity (better-auth answers its own paths; /x is an unknown one, 404 to anyone).
  'GET /api/auth/*': { may: ANYONE },
  'POST /api/auth/*': { may: ANYONE },
  // Accounts.
  'PUT /api/user/:email': {
    may: OWNER_ONLY,
    call: (f) => ({ url: `/api/user/${f.victim.email}` }),
  },
  'GET /api/admin/:email': {
    may: ADMIN,
    call: (f) => ({ url: `/api/admin/${f.victim.email}` }),
  },
  'GET /api/user': { may: ADMIN },
  'PUT /api/user/admin/:email': { may: ADMIN },
  'PUT /api/user/role/:email': { may: ADMIN },
  'GET /api/userProfile': {
    may: ADMIN,
    call: (f) => ({ url: `/api/userProfile?email=${f.victim.email}` }),
  },
  'PUT /api/userProfile/:email': {
    may: ADMIN,
    call: (f) => ({ url: `/api/userProfile/${f.victim.email}`, payload: { location: 'Here' } }),
  },
  'GET /api/me/permissions': { may: SIGNED_IN },
  // System and reference.
  'GET /api/health': { may: ANYONE },
  'GET /api/config': { may: ANYONE },
  'GET /api/openapi.json': { may: ANYONE },
  'GET /api/docs': { may: ANYONE },
  'GET /api/docs.css': { may: ANYONE },
  'POST /api/vitals': { may: ANYONE },
  'GET /images/:file': { may: ANYONE },
  // Catalogue.
  'GET /api/products/search': { may: ANYONE },
  'GET /api/products': { may: ANYONE },
  'GET /api/products/:productId': { may: ANYONE },
  'GET /api/products/:productId/related': { may: ANYONE },
  'POST /api/products': { may: CATALOGUE },
  'PUT /api/products/:productId': { may: CATALOGUE },
  'DELETE /api/products/:productId': { may: CATALOGUE },
  'PUT /api/products/:productId/variants': { may: CATALOGUE },
  'GET /api/variants/:sku': { may: ANYONE },
  'POST /api/images': { may: CATALOGUE },
  'GET /api/products.csv': { may: CATALOGUE },
  'POST /api/product-import/preview': { may: CATALOGUE },
  'POST /api/product-import/apply': { may: CATALOGUE },
  'GET /api/categories': { may: ANYONE },
  'POST /api/categories': { may: CATALOGUE },
  'PUT /api/categories/:categoryId': { may: CATALOGUE },
  'DELETE /api/categories/:categoryId': { may: CATALOGUE },
  'GET /api/products/:productId/notify': { may: SIGNED_IN },
  'POST /api/products/:productId/notify': { may: SIGNED_IN },
  'DELETE /api/products/:productId/notify': { may: SIGNED_IN },
  'GET /api/my/platforms': { may: SIGNED_IN },
  // Reviews.
  'GET /api/reviews': { may: ANYONE },
  'POST /api/reviews': { may: SIGNED_IN },
  'GET /api/reviews/all': { may: ADMIN },
  'PATCH /api/reviews/:id': { may: ADMIN },
  // Forms.
  'POST /api/contact': { may: ANYONE },
  'POST /api/newsletter': { may: ANYONE },
  // Basket and addresses (the caller's own).
  'GET /api/basket': { may: SIGNED_IN },
  'PUT /api/basket': { may: SIGNED_IN },
  'POST /api/basket/merge': { may: SIGNED_IN },
  'POST /api/quick-order': { may: SIGNED_IN },
  // Issue 37: a company's saved lists (any member; another company's are 404).
  'GET /api/lists': { may: SIGNED_IN },
  'POST /api/lists': { may: SIGNED_IN },
  'GET /api/lists/:id': { may: SIGNED_IN },
  'PUT /api/lists/:id': { may: SIGNED_IN },
  'DELETE /api/lists/:id': { may: SIGNED_IN },
  'POST /api/lists/:id/basket': { may: SIGNED_IN },
  'GET /api/addresses': { may: SIGNED_IN },
  'POST /api/addresses': { may: SIGNED_IN },
  'DELETE /api/addresses/:id': { may: SIGNED_IN },
  // Orders.
  'POST /api/purchase': { may: SIGNED_IN },
  'GET /api/purchase': {
    may: ORDERS,
    call: (f) => ({ url: `/api/purchase?customerEmail=${f.victim.email}` }),
  },
  'GET /api/purchase1': { may: ORDERS },
  'GET /api/purchase1.csv': { may: ORDERS },
  'GET /api/purchase/:id': {
    may: ORDERS,
    hidden: true,
    call: (f) => ({ url: `/api/purchase/${f.unpaid._id}` }),
  },
  'GET /api/purchase/:id/receipt': {
    may: ORDERS,
    hidden: true,
    call: (f) => ({ url: `/api/purchase/${f.paid._id}/receipt` }),
  },
  'DELETE /api/purchase/:id': {
    may: ORDERS,
    hidden: true,
    call: async (f) => ({ url: `/api/purchase/${(await f.newUnpaid())._id}` }),
  },
  'PUT /api/purchase/:id': { may: ORDERS },
  'POST /api/shipments': { may: ORDERS },
  'POST /api/checkout': { may: SIGNED_IN },
  'POST /api/checkout/quote': { may: SIGNED_IN },
  'GET /api/checkouts/:id': {
    may: ORDERS,
    hidden: true,
    call: (f) => ({ url: `/api/checkouts/${f.unpaid.checkoutId}` }),
  },
  // Payments: the order's customer only.
  'POST /api/create-payment-intent': {
    may: OWNER_ONLY,
    hidden: true,
    call: (f) => ({ payload: { purchaseId: f.unpaid._id } }),
  },
  'PATCH /api/purchase/:id': {
    may: OWNER_ONLY,
    hidden: true,
    call: (f) => ({ url: `/api/purchase/${f.unpaid._id}`, payload: { transactionId: 'pi_x' } }),
  },
  'POST /api/test-processor/confirm': { may: ANYONE },
  // After the sale.
  'POST /api/purchase/:id/refunds': { may: ADMIN },
  'GET /api/refunds/:id/credit-note': {
    may: ORDERS,
    hidden: true,
    call: (f) => ({ url: `/api/refunds/${f.refundId}/credit-note` }),
  },
  'POST /api/purchase/:id/returns': {
    may: OWNER_ONLY,
    hidden: true,
    call: (f) => ({
      url: `/api/purchase/${f.paid._id}/returns`,
      payload: { quantity: 1, reason: 'Wrong item' },
    }),
  },
  'GET /api/returns': { may: ORDERS },
  'POST /api/returns/:id/approve': { may: ORDERS },
  'POST /api/returns/:id/reject': { may: ORDERS },
  'POST /api/returns/:id/receive': { may: ORDERS },
  'POST /api/returns/:id/refund': { may: ADMIN },
  'POST /api/purchase/:id/serials': {
    may: OWNER_ONLY,
    hidden: true,
    call: (f) => ({ url: `/api/purchase/${f.paid._id}/serials`, payload: { serial: 'SN-12345' } }),
  },
  'GET /api/warranty/:serial': { may: ADMIN },
  'POST /api/recalls': { may: ADMIN },
  'GET /api/recalls': { may: ADMIN },
  'POST /api/recalls/:id/lift': { may: ADMIN },
  'POST /api/recalls/:id/acknowledge': { may: SIGNED_IN },
  'GET /api/aftersale/mine': { may: SIGNED_IN },
  // Quotes.
  'POST /api/quotes': { may: SIGNED_IN },
  'GET /api/quotes': { may: SIGNED_IN },
  'GET /api/quotes/:id': {
    may: ADMIN,
    hidden: true,
    call: (f) => ({ url: `/api/quotes/${f.quoteId}` }),
  },
  'POST /api/quotes/:id/answer': { may: ADMIN },
  'POST /api/quotes/:id/decline': { may: SIGNED_IN },
  'POST /api/quotes/:id/withdraw': { may: SIGNED_IN },
  'POST /api/quotes/:id/accept': { may: SIGNED_IN },
  // Admin screens.
  'GET /api/admin/overview': { may: ADMIN },
  'GET /api/admin/vitals': { may: ADMIN },
  'GET /api/admin/failed-mails': { may: ADMIN },
  'GET /api/admin/webhooks': { may: ADMIN },
  'POST /api/admin/webhooks': { may: ADMIN },
  'DELETE /api/admin/webhooks/:webhookId': { may: ADMIN },
  'GET /api/admin/webhooks/:webhookId/deliveries': { may: ADMIN },
  // Shipping and tax settings (issue 35).
  'GET /api/admin/shipping-zones': { may: ADMIN },
  'POST /api/admin/shipping-zones': { may: ADMIN },
  'PUT /api/admin/shipping-zones/:zoneId': { may: ADMIN },
  'DELETE /api/admin/shipping-zones/:zoneId': { may: ADMIN },
  'POST /api/admin/shipping-zones/:zoneId/methods': { may: ADMIN },
  'PUT /api/admin/shipping-methods/:methodId': { may: ADMIN },
  'DELETE /api/admin/shipping-methods/:methodId': { may: ADMIN },
  'GET /api/admin/tax-regions': { may: ADMIN },
  'PATCH /api/admin/tax-regions/:code': { may: ADMIN },
  'GET /api/admin/pricing-settings': { may: ADMIN },
  'PUT /api/admin/pricing-settings': { may: ADMIN },
  // Exempt buyers (issue 35): the customer's own requests; staff decide.
  'POST /api/tax-exemptions': { may: SIGNED_IN },
  'GET /api/tax-exemptions/mine': { may: SIGNED_IN },
  'GET /api/admin/tax-exemptions': { may: ADMIN },
  'GET /api/admin/tax-exemptions/:id/document': { may: ADMIN },
  'POST /api/admin/tax-exemptions/:id/approve': { may: ADMIN },
  'POST /api/admin/tax-exemptions/:id/reject': { may: ADMIN },
  // Promotions and their codes (issue 36): the catalogue team.
  'GET /api/admin/promotions': { may: CATALOGUE },
  'POST /api/admin/promotions': { may: CATALOGUE },
  'GET /api/admin/promotions/:id': { may: CATALOGUE },
  'PUT /api/admin/promotions/:id': { may: CATALOGUE },
  'POST /api/admin/promotions/:id/pause': { may: CATALOGUE },
  'POST /api/admin/promotions/:id/resume': { may: CATALOGUE },
  'POST /api/admin/promotions/:id/end': { may: CATALOGUE },
  'POST /api/admin/promotions/:id/code-batches': { may: CATALOGUE },
  'GET /api/admin/promotions/:id/code-batches': { may: CATALOGUE },
  'GET /api/admin/promotions/:id/code-batches/:batchId/codes.csv': { may: CATALOGUE },
  // Trade accounts' companies (issue 37): members act for their own company (another's id is 404,
  // so made-up ids pass the checks for anyone signed in); staff set credit and the price list.
  'GET /api/companies': { may: SIGNED_IN },
  'POST /api/companies': { may: SIGNED_IN },
  'GET /api/companies/:id': { may: SIGNED_IN },
  'PATCH /api/companies/:id': { may: SIGNED_IN },
  'GET /api/companies/:id/members': { may: SIGNED_IN },
  'PATCH /api/companies/:id/members/:memberId': { may: SIGNED_IN },
  'DELETE /api/companies/:id/members/:memberId': { may: SIGNED_IN },
  'GET /api/companies/:id/members/invitations': { may: SIGNED_IN },
  'POST /api/companies/:id/members/invitations': { may: SIGNED_IN },
  'GET /api/companies/:id/members/invitations/:invitationId': { may: SIGNED_IN },
  'DELETE /api/companies/:id/members/invitations/:invitationId': { may: SIGNED_IN },
  'POST /api/companies/:id/members/invitations/:invitationId/accept': { may: SIGNED_IN },
  'GET /api/companies/:id/addresses': { may: SIGNED_IN },
  'POST /api/companies/:id/addresses': { may: SIGNED_IN },
  'PUT /api/companies/:id/addresses/:addressId': { may: SIGNED_IN },
  'DELETE /api/companies/:id/addresses/:addressId': { may: SIGNED_IN },
  'PATCH /api/companies/:id/credit': { may: ADMIN },
  'PUT /api/companies/:id/price-list': { may: ADMIN },
  // Contract price lists (issue 37): staff keep them; a member reads their own prices.
  'GET /api/price-lists': { may: ADMIN },
  'POST /api/price-lists': { may: ADMIN },
  'GET /api/price-lists/:id': { may: ADMIN },
  'PUT /api/price-lists/:id': { may: ADMIN },
  'DELETE /api/price-lists/:id': { may: ADMIN },
  'GET /api/contract-prices': {
    may: SIGNED_IN,
    call: () => ({ url: '/api/contract-prices?productIds=x' }),
  },
  'GET /api/audit': { may: ADMIN },
  'GET /api/audit.csv': { may: ADMIN },
  // Invoices of checkouts on account (issue 37): members their company's (another's is 404);
  // staff with admin.other all of them, the payments, the ageing and the CSV.
  'GET /api/invoices': { may: SIGNED_IN },
  'GET /api/invoices/:id': { may: SIGNED_IN },
  'GET /api/invoices/:id/pdf': { may: SIGNED_IN },
  'POST /api/invoices/:id/payments': { may: ADMIN },
  'GET /api/invoices/ageing': { may: ADMIN },
  'GET /api/invoices.csv': { may: ADMIN },
  'GET /api/companies/:id/statement': { may: SIGNED_IN },
  // Approvals (issue 37): a company's approvers and admins decide; staff have no power here.
  'GET /api/approvals': { may: SIGNED_IN },
  'POST /api/approvals/:checkoutId/approve': { may: OWNER_ONLY, hidden: true },
  'POST /api/approvals/:checkoutId/reject': {
    may: OWNER_ONLY,
    hidden: true,
    call: () => ({ payload: { reason: 'Over budget' } }),
  },
  // A company's orders: its approvers and admins, and staff who see all orders.
  'GET /api/companies/:id/orders': {
    may: ORDERS,
    hidden: true,
    call: async () => ({
      url: `/api/companies/${(await createTestCompany(t, { members: {} })).id}/orders`,
    }),
  },
};

const t = setUpTestApp();

/** Every registered route as `METHOD /pattern`, HEAD as its GET (Fastify's copy of it). */
function registeredRoutes(): string[] {
  const keys = routeTableOf(t.app).flatMap((route) =>
    route.methods.map((method) => `${method === 'HEAD' ? 'GET' : method} ${route.url}`),
  );
  return [...new Set(keys)].sort();
}

/** A URL for the route's pattern: ids are UUIDs, e-mails an unknown address, the rest a word. */
function concrete(url: string): string {
  return url
    .replace(/:(\w+)/g, (_match, name: string) =>
      /email/i.test(name) ? 'nobody@example.com' : /id$/i.test(name) ? randomUUID() : 'x',
    )
    .replace(/\*/g, 'x');
}

async function makeFixtures(admin: SignedIn): Promise<Fixtures> {
  const victim = await signUp(t.app, { name: 'Vera Victim' });
  const newUnpaid = async () =>
    (await placeTestOrder(t, victim, { orderQuantity: 1, address: 'A' })).order;
  const unpaid = await newUnpaid();
  const { order: paid } = await paidOrder(t, victim, { quantity: 2 });
  const refund = await t.app.inject({
    method: 'POST',
    url: `/api/purchase/${paid._id}/refunds`,
    headers: admin.headers,
    payload: { amount: 1, reason: 'Goodwill' },
  });
  expect(refund.statusCode, refund.body).toBe(201);
  const item = await createProduct(t.database.db);
  const quote = await t.app.inject({
    method: 'POST',
    url: '/api/quotes',
    headers: victim.headers,
    payload: { productId: item.id, quantity: 500 },
  });
  expect(quote.statusCode, quote.body).toBe(201);
  return {
    victim,
    unpaid,
    newUnpaid,
    paid,
    refundId: (refund.json() as { _id: string })._id,
    quoteId: (quote.json() as { _id: string })._id,
  };
}

/** The signed-in callers; staff as the test setup makes them (two-factor not required here). */
async function signInCallers(): Promise<Record<Exclude<Caller, 'signed out'>, SignedIn>> {
  return {
    customer: await signUp(t.app, { name: 'Carl Customer' }),
    catalogue: await signUpWithRole(t, 'catalogue'),
    warehouse: await signUpWithRole(t, 'warehouse'),
    admin: await signUpWithRole(t, 'admin'),
  };
}

describe('the role matrix: every route, every role', () => {
  it('has a row for every registered route, and a route for every row', () => {
    const routes = registeredRoutes();
    expect(routes.length).toBeGreaterThan(80);
    expect(
      routes.filter((route) => !(route in MATRIX)),
      'routes without a row in MATRIX',
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((route) => !routes.includes(route)),
      'rows of no route',
    ).toEqual([]);
  });

  it('lets exactly the callers of each row in, refuses the others', async () => {
    const callers = await signInCallers();
    const fixtures = await makeFixtures(callers.admin);
    const wrong: string[] = [];
    for (const route of registeredRoutes()) {
      const row = MATRIX[route];
      if (!row) continue; // reported by the test above
      const [method, pattern] = route.split(' ') as [string, string];
      for (const caller of CALLERS) {
        const { url = concrete(pattern), payload } = (await row.call?.(fixtures)) ?? {};
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          ...(caller === 'signed out' ? {} : { headers: callers[caller].headers }),
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: payload ?? {} }),
        });
        const status = res.statusCode;
        const allowed = row.may.includes(caller);
        const refusal = caller === 'signed out' ? 401 : row.hidden ? 404 : 403;
        const ok = allowed
          ? ![401, 403, ...(row.hidden ? [404] : [])].includes(status) && status < 500
          : status === refusal;
        if (!ok)
          wrong.push(
            `${caller} ${route}: ${status}, expected ${allowed ? 'allowed' : refusal} (${res.body.slice(0, 100)})`,
          );
      }
    }
    expect(wrong).toEqual([]);
  });

  it('the roles do what the issue says', () => {
    const matrix = (role: Role) =>
      (
        ['catalogue.manage', 'orders.view', 'orders.fulfil', 'users.manage', 'audit.view'] as const
      ).filter((p) => can(role, p));
    expect(matrix('admin')).toEqual([
      'catalogue.manage',
      'orders.view',
      'orders.fulfil',
      'users.manage',
      'audit.view',
    ]);
    expect(matrix('catalogue')).toEqual(['catalogue.manage']);
    expect(matrix('warehouse')).toEqual(['orders.view', 'orders.fulfil']);
    expect(matrix('user')).toEqual([]);
  });

  it('GET /api/me/permissions says what the caller may do', async () => {
    const warehouse = await signUpWithRole(t, 'warehouse');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/me/permissions',
      headers: warehouse.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      role: 'warehouse',
      permissions: ['orders.view', 'orders.fulfil'],
      twoFactorEnabled: false,
      twoFactorRequired: false,
      sessionCodeRequired: false,
    });
    const admin = await t.app.inject({
      method: 'GET',
      url: `/api/admin/${warehouse.email}`,
      headers: warehouse.headers,
    });
    expect(admin.json()).toEqual({ admin: false });
  });
});
