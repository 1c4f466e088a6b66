import { z } from 'zod';
import { withCountryRules } from './address-rules.ts';
import { PostalAddressFieldsSchema, PostalAddressSchema } from './postal-address.ts';
import { singleLineText } from './text.ts';

export { PAYMENT_METHODS, PaymentMethodSchema, type PaymentMethod } from './payment-method.ts';

// Trade accounts (issue 37, docs/decisions/059): a company (better-auth's organization) with
// members, spending limits, delivery addresses, credit and a price list. Money in dollars, as the
// rest of the API; the database keeps integer cents.

/** A member's role in their company: `admin` manages members, limits and lists and approves;
 * `approver` approves and sees the company's orders and invoices; `buyer` orders. */
export const COMPANY_ROLES = ['admin', 'approver', 'buyer'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];
export const CompanyRoleSchema = z.enum(COMPANY_ROLES, {
  error: 'Role must be admin, approver or buyer',
});

/** The roles that approve others' checkouts and see the company's orders and invoices. */
export const APPROVING_ROLES: readonly CompanyRole[] = ['admin', 'approver'];
export const canApprove = (role: string) => (APPROVING_ROLES as readonly string[]).includes(role);

/** Credit as staff decided it: `none` (pay by card only), `approved`, `suspended` (no new orders on account). */
export const CREDIT_STATUSES = ['none', 'approved', 'suspended'] as const;
export type CreditStatus = (typeof CREDIT_STATUSES)[number];

export const COMPANY_NAME_MAX = 100;
export const TAX_NUMBER_MAX = 40;
export const COMPANY_ADDRESSES_MAX = 20;
export const TERMS_DAYS_MAX = 365;
export const COMPANY_NOT_FOUND_MESSAGE = 'Company not found';
export const ALREADY_IN_COMPANY_MESSAGE = 'You already belong to a company';
export const NOT_COMPANY_ADMIN_MESSAGE = 'Only a company admin can do this';
export const MEMBER_NOT_FOUND_MESSAGE = 'Member not found';
export const INVITATION_NOT_FOUND_MESSAGE =
  'Invitation not found. It may have expired or been cancelled, or it was sent to another email address.';
export const COMPANY_ADDRESS_NOT_FOUND_MESSAGE = 'Address not found';
export const TOO_MANY_COMPANY_ADDRESSES_MESSAGE = `A company can keep at most ${COMPANY_ADDRESSES_MAX} delivery addresses. Please delete one first.`;
export const PRICE_LIST_NOT_FOUND_MESSAGE = 'Price list not found';
/** A company always keeps an admin: the last one can be neither removed nor given another role. */
export const LAST_ADMIN_MESSAGE =
  'A company needs at least one admin: make another member admin first.';
export const ALREADY_MEMBER_MESSAGE = 'This person is already a member of the company';

// What a checkout on account is refused with (409, field `paymentMethod`).
export const NO_COMPANY_MESSAGE = 'Paying on account needs a company account';
export const NO_CREDIT_MESSAGE = 'Your company has no credit account with us yet';
export const creditLimitMessage = (availableCents: number) =>
  `This order would exceed your company's credit limit ($${(Math.max(0, availableCents) / 100).toFixed(2)} available)`;

export const paths = {
  companies: '/api/companies',
  company: (id: string) => `/api/companies/${encodeURIComponent(id)}`,
  members: (id: string) => `/api/companies/${encodeURIComponent(id)}/members`,
  member: (id: string, memberId: string) =>
    `/api/companies/${encodeURIComponent(id)}/members/${encodeURIComponent(memberId)}`,
  invitations: (id: string) => `/api/companies/${encodeURIComponent(id)}/members/invitations`,
  invitation: (id: string, invitationId: string) =>
    `/api/companies/${encodeURIComponent(id)}/members/invitations/${encodeURIComponent(invitationId)}`,
  acceptInvitation: (id: string, invitationId: string) =>
    `/api/companies/${encodeURIComponent(id)}/members/invitations/${encodeURIComponent(invitationId)}/accept`,
  addresses: (id: string) => `/api/companies/${encodeURIComponent(id)}/addresses`,
  address: (id: string, addressId: string) =>
    `/api/companies/${encodeURIComponent(id)}/addresses/${encodeURIComponent(addressId)}`,
  /** Staff: credit status, limit and terms. */
  credit: (id: string) => `/api/companies/${encodeURIComponent(id)}/credit`,
  /** Staff: the company's price list. */
  priceList: (id: string) => `/api/companies/${encodeURIComponent(id)}/price-list`,
  /** The company's orders (its approvers and admins; staff). */
  orders: (id: string) => `/api/companies/${encodeURIComponent(id)}/orders`,
  /** The company's statement: open invoices, balance, overdue (its approvers and admins; staff). */
  statement: (id: string) => `/api/companies/${encodeURIComponent(id)}/statement`,
} as const;

export const CompanyParamsSchema = z.object({
  id: singleLineText('Company id', { keepSpaces: true }).max(100),
});

/** GET /api/companies: staff may search by name. */
export const CompanyListQuerySchema = z.object({
  q: singleLineText('Search').max(COMPANY_NAME_MAX).optional(),
});

/** An address as a client sends it, with its country's rules (postal code, region) applied. */
export const CompanyPostalAddressSchema = withCountryRules(PostalAddressFieldsSchema);

const companyName = singleLineText('Company name', { required: 'Company name is required' }).max(
  COMPANY_NAME_MAX,
  `Company name must be at most ${COMPANY_NAME_MAX} characters`,
);
const taxNumber = singleLineText('Tax number').max(
  TAX_NUMBER_MAX,
  `Tax number must be at most ${TAX_NUMBER_MAX} characters`,
);

export const CompanyBodySchema = z.object({
  name: companyName,
  taxNumber: taxNumber.default(''),
  billingAddress: CompanyPostalAddressSchema.nullable().default(null),
});
export type CompanyBody = z.input<typeof CompanyBodySchema>;

/** PATCH /api/companies/{id} (its admins): what is sent changes, the rest stays. */
export const CompanyUpdateSchema = z.object({
  name: companyName.optional(),
  taxNumber: taxNumber.optional(),
  billingAddress: CompanyPostalAddressSchema.nullable().optional(),
});
export type CompanyUpdate = z.input<typeof CompanyUpdateSchema>;

export const CreditSchema = z.object({
  status: z.enum(CREDIT_STATUSES),
  /** Dollars. */
  limit: z.number(),
  termsDays: z.number().int(),
  /** Dollars: what its on-account orders owe or reserve now. */
  balance: z.number(),
  /** Dollars: limit less balance (0 unless approved). */
  available: z.number(),
});
export type Credit = z.infer<typeof CreditSchema>;

export const CompanySchema = z.object({
  id: z.string(),
  name: z.string(),
  taxNumber: z.string(),
  billingAddress: PostalAddressSchema.nullable(),
  credit: CreditSchema,
  priceList: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The caller's role in it (null for staff looking at another company). */
  myRole: CompanyRoleSchema.nullable(),
  memberCount: z.number().int(),
  createdAt: z.string(),
});
export type Company = z.infer<typeof CompanySchema>;
export const CompanyListSchema = z.object({ companies: z.array(CompanySchema) });
export type CompanyList = z.infer<typeof CompanyListSchema>;

/** A spending limit in dollars, or null for none. */
const LimitSchema = z
  .number({ error: 'Limit must be a number' })
  .min(0, 'Limit must not be negative')
  .max(21_000_000, 'Limit is too large')
  .nullable();

export const MemberSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: CompanyRoleSchema,
  /** Dollars per order, or null: no limit. */
  orderLimit: z.number().nullable(),
  /** Dollars per calendar month (UTC), or null: no limit. */
  monthLimit: z.number().nullable(),
  /** Dollars spent as the company this month (orders placed, awaiting approval or shipped). */
  monthSpent: z.number(),
  createdAt: z.string(),
});
export type Member = z.infer<typeof MemberSchema>;
export const MemberListSchema = z.object({ members: z.array(MemberSchema) });
export const MemberParamsSchema = CompanyParamsSchema.extend({
  memberId: singleLineText('Member id', { keepSpaces: true }).max(100),
});
export const MemberUpdateSchema = z.object({
  role: CompanyRoleSchema.optional(),
  orderLimit: LimitSchema.optional(),
  monthLimit: LimitSchema.optional(),
});

export const INVITATION_STATUSES = ['pending', 'accepted', 'rejected', 'canceled'] as const;
export const InvitationSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  email: z.string(),
  role: CompanyRoleSchema,
  status: z.enum(INVITATION_STATUSES),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type Invitation = z.infer<typeof InvitationSchema>;
export const InvitationListSchema = z.object({ invitations: z.array(InvitationSchema) });
export const InvitationBodySchema = z.object({
  email: singleLineText('Email', { required: 'Email is required' })
    .max(254, 'Email must be at most 254 characters')
    .pipe(z.email('Email must be a valid email address')),
  role: CompanyRoleSchema.default('buyer'),
});
export const InvitationParamsSchema = CompanyParamsSchema.extend({
  invitationId: singleLineText('Invitation id', { keepSpaces: true }).max(100),
});

export const CompanyAddressSchema = z.object({
  id: z.string(),
  label: z.string(),
  address: PostalAddressSchema,
  createdAt: z.string(),
});
export type CompanyAddress = z.infer<typeof CompanyAddressSchema>;
export const CompanyAddressListSchema = z.object({ addresses: z.array(CompanyAddressSchema) });
export const CompanyAddressBodySchema = z.object({
  label: singleLineText('Label').max(60, 'Label must be at most 60 characters').default(''),
  address: CompanyPostalAddressSchema,
});
export type CompanyAddressBody = z.input<typeof CompanyAddressBodySchema>;
export const CompanyAddressParamsSchema = CompanyParamsSchema.extend({
  addressId: singleLineText('Address id', { keepSpaces: true }).max(100),
});

/** Staff: PATCH /api/companies/{id}/credit. */
export const CreditBodySchema = z.object({
  status: z.enum(CREDIT_STATUSES, { error: 'Credit status must be none, approved or suspended' }),
  limit: z
    .number({ error: 'Credit limit must be a number' })
    .min(0, 'Credit limit must not be negative')
    .max(21_000_000, 'Credit limit is too large'),
  termsDays: z
    .number({ error: 'Terms must be a number of days' })
    .int('Terms must be a whole number of days')
    .min(0, 'Terms must not be negative')
    .max(TERMS_DAYS_MAX, `Terms must be at most ${TERMS_DAYS_MAX} days`),
});

/** Staff: PUT /api/companies/{id}/price-list. */
export const CompanyPriceListBodySchema = z.object({
  priceListId: z.uuid('Price list not found').nullable(),
});
