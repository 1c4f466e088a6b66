import { z } from 'zod';
import { TimeZoneSchema } from './admin-overview.ts';

/** The statuses an export may be narrowed to. */
export const EXPORT_STATUSES = ['pending', 'shipped', 'cancelled', 'expired'] as const;

const DaySchema = z.iso.date({ message: 'Use a date like 2026-11-30' });

/** GET /api/purchase1.csv?from=&to=&status=&tz=: orders placed in [from, to] (whole days in tz). */
export const OrderExportQuerySchema = z
  .object({
    from: DaySchema.optional(),
    to: DaySchema.optional(),
    status: z.enum(EXPORT_STATUSES).optional(),
    tz: TimeZoneSchema.default('UTC'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'The start date must not be after the end date',
    path: ['to'],
  });

/** The accounting columns, in order. */
export const ORDER_EXPORT_COLUMNS = [
  'Order ID',
  'Date',
  'Customer',
  'Email',
  'Product',
  'Quantity',
  'Unit Price',
  'Total',
  'Status',
  'Paid',
  'Transaction ID',
  'Checkout',
  'PO Reference',
  'Refunded',
  // Issue 34: what was sold is a variant: its SKU and its label ('' for a product's only one).
  'SKU',
  'Variant',
  // Issue 35: the line's tax, its share of the checkout's shipping and of that shipping's tax,
  // what it cost in all (Total + Tax + Shipping + Shipping Tax), how and where it was delivered.
  'Tax',
  'Shipping',
  'Shipping Tax',
  'Amount',
  'Shipping Method',
  'Country',
  // Issue 36: the line's share of the promotions' discounts (Amount is after it, Total before),
  // and the promotions its checkout was placed with ("Name (CODE)", separated by "; ").
  'Discount',
  'Promotions',
] as const;

export const PRODUCT_EXPORT_COLUMNS = [
  'Product ID',
  'Name',
  'Price',
  'Description',
  'Min Order Quantity',
  'Available Quantity',
  'Image',
  'Created',
  /** product.version when exported: the import refuses a row whose product changed since. */
  'Version',
  // Issues 23 and 24 (an older file without them still imports; see PRODUCT_IMPORT_OPTIONAL_COLUMNS).
  /** The category's slug; empty for none. */
  'Category',
  /** E.g. 18V; empty for none. */
  'Battery Platform',
  /** yes or no (the import also reads true or false). */
  'Battery Included',
  /** quantity:unit price in dollars, `;` between breaks: 10:89.00;50:79.00. */
  'Price Breaks',
  /** The gallery after Image, in order, `;` between links (the import also reads `|`). */
  'More Images',
  // Issue 34: one row per variant, keyed by SKU (an older file without them: one row per product,
  // its default variant). The product's columns above are repeated on each of its rows.
  /** The variant's SKU (unique in the shop). */
  'SKU',
  /** The variant's option values in the product's option order: Voltage=18V;Kit=Bare tool. */
  'Options',
  /** The variant's weight in grams. */
  'Weight (g)',
  /** A kit's parts, part SKU*quantity, `;` between parts (`*1` may be left out): BAT-5AH*2;CHG-1. */
  'Parts',
  // Issue 35 (an older file without it still imports, and leaves the variants' class as it is).
  /** What the variant is taxed as: standard, reduced or exempt. */
  'Tax class',
] as const;
export type ProductExportColumn = (typeof PRODUCT_EXPORT_COLUMNS)[number];
