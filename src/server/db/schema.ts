import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// One schema for every PostgreSQL the app runs on. Money is integer cents. Ids are UUIDs made by the
// database (gen_random_uuid is core PostgreSQL since 13: no extension needed).

export { account, rateLimit, session, user, verification } from './auth-schema.ts';
import { user } from './auth-schema.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Key/value facts about this database, e.g. when the demo catalogue was seeded. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const product = pgTable(
  'product',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: "most recent" on the home page, stable where timestamps tie. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    minQuantity: integer('min_quantity').notNull(),
    availableQuantity: integer('available_quantity').notNull(),
    imageUrl: text('image_url').notNull(),
    /** Bumped on every change; edits carry the version they saw (optimistic concurrency). */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('product_seq_idx').on(t.seq),
    check('product_price_positive', sql`${t.priceCents} > 0`),
    check('product_min_quantity_positive', sql`${t.minQuantity} >= 1`),
    // The last guard against overselling: stock can never go below zero, whatever the code does.
    check('product_available_not_negative', sql`${t.availableQuantity} >= 0`),
  ],
);

export const review = pgTable(
  'review',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The author's account; null for the demo reviews seeded with the catalogue. */
    userId: text('user_id'),
    name: text('name').notNull(),
    rating: smallint('rating').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('review_user_idx').on(t.userId),
    check('review_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

export const contactMessage = pgTable('contact_message', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

export const newsletterSubscriber = pgTable('newsletter_subscriber', {
  email: text('email').primaryKey(),
  createdAt: createdAt(),
});

/** Images served by the app itself, addressed by the SHA-256 of their bytes. */
export const image = pgTable('image', {
  hash: text('hash').primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: createdAt(),
});

/** The editable part of a customer's profile; name and e-mail come from the account. */
export const userProfile = pgTable('user_profile', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  location: text('location').notNull().default(''),
  phone: text('phone').notNull().default(''),
  linkedin: text('linkedin').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
