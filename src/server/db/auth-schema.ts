import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// The identity tables better-auth (1.7) reads and writes through its drizzle adapter: the property
// names are better-auth's field names; the columns are ours. `role` is our additional field.

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    role: text('role').notNull().default('user'),
    /** better-auth's two-factor plugin: true once TOTP is enrolled and verified. */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    ...timestamps,
  },
  (t) => [check('user_role_known', sql`${t.role} in ('admin', 'catalogue', 'warehouse', 'user')`)],
);

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /**
     * Ours, unknown to better-auth (it never copies it into a new session): when this session
     * passed the second factor itself (a TOTP or backup code). Staff powers need it (ADR 036).
     */
    twoFactorVerifiedAt: timestamp('two_factor_verified_at', { withTimezone: true }),
    /** better-auth's organization plugin (issue 37): the company this session acts for. */
    activeOrganizationId: text('active_organization_id'),
    ...timestamps,
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

// ---- better-auth's organization plugin (issue 37, ADR 059): a company is an organization ----

/** A trade customer's company; what the shop keeps of it is `company_account` (schema.ts). */
export const organization = pgTable('organization', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique('organization_slug_idx'),
  logo: text('logo'),
  metadata: text('metadata'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A member of a company (one company per account: `member_user_idx`), with its role
 * (src/shared/companies.ts COMPANY_ROLES) and, ours and unknown to better-auth, its spending limits
 * in cents (null: none): a checkout above either waits for an approver.
 */
export const member = pgTable(
  'member',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('buyer'),
    orderLimitCents: integer('order_limit_cents'),
    monthLimitCents: bigint('month_limit_cents', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('member_user_idx').on(t.userId),
    index('member_organization_idx').on(t.organizationId, t.createdAt),
    check(
      'member_order_limit_not_negative',
      sql`${t.orderLimitCents} IS NULL OR ${t.orderLimitCents} >= 0`,
    ),
    check(
      'member_month_limit_not_negative',
      sql`${t.monthLimitCents} IS NULL OR ${t.monthLimitCents} >= 0`,
    ),
  ],
);

/** An invitation to join a company, mailed to `email` (pending, accepted, rejected, canceled). */
export const invitation = pgTable(
  'invitation',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role'),
    status: text('status').notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    inviterId: text('inviter_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (t) => [index('invitation_organization_idx').on(t.organizationId, t.createdAt)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/** Rate-limit counters in the database, so every app instance sees the same counts. */
export const rateLimit = pgTable('rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});
