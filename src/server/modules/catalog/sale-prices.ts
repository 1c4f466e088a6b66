import { and, eq, sql } from 'drizzle-orm';
import { centsToDollars } from '../../../shared/money.ts';
import {
  saleBoundaries,
  saleEpochAt,
  salePriceOf,
  type SalePromotion,
  type SaleVariant,
} from '../../../shared/sale-price.ts';
import type { Db, Queryable } from '../../db/client.ts';
import type { DataVersionCheck, DataVersions, Eventually } from '../../db/data-version-check.ts';
import { promotion } from '../../db/schema.ts';

/*
 * Sale prices in the public catalogue (issue 36, docs/decisions/057): each product and variant the
 * catalogue answers carries its public sale price (`salePriceOf`, src/shared/sale-price.ts) under
 * the automatic promotions. Those are read once per products version (migration 0037 counts a
 * change of an automatic promotion as a catalogue write), and what is cached from them is keyed
 * also on the sale clock: the last start or end of a promotion that has passed, so a sale price
 * shows from its start and never after its end, without any write at those times.
 */

const salePromotionColumns = {
  id: promotion.id,
  name: promotion.name,
  kind: promotion.kind,
  percentPpm: promotion.percentPpm,
  amountCents: promotion.amountCents,
  targetKind: promotion.targetKind,
  targetIds: promotion.targetIds,
  minSubtotalCents: promotion.minSubtotalCents,
  minQuantity: promotion.minQuantity,
  firstOrderOnly: promotion.firstOrderOnly,
  perCustomerLimit: promotion.perCustomerLimit,
  usageLimit: promotion.usageLimit,
  // Its uses not released (promotion_use rows), counted only when it has a usage limit.
  // (Qualified by hand: drizzle leaves a select's own columns unqualified in a subquery.)
  uses: sql<number>`CASE WHEN "promotion"."usage_limit" IS NULL THEN 0 ELSE (SELECT count(*)
    FROM "promotion_use" AS u WHERE u."promotion_id" = "promotion"."id"
      AND u."released_at" IS NULL) END`.mapWith(Number),
  startsAt: promotion.startsAt,
  endsAt: promotion.endsAt,
  exclusive: promotion.exclusive,
  priority: promotion.priority,
  codeMode: promotion.codeMode,
  status: promotion.status,
  createdAt: promotion.createdAt,
};

/** The active automatic promotions (the only ones that may give a public sale price). */
export function readSalePromotions(db: Queryable): Promise<SalePromotion[]> {
  return db
    .select(salePromotionColumns)
    .from(promotion)
    .where(and(eq(promotion.status, 'active'), eq(promotion.codeMode, 'automatic')));
}

/** The promotions and the moment sale prices are worked out for. */
export interface Sales {
  promotions: readonly SalePromotion[];
  /** ms since the epoch. */
  now: number;
}

/** The promotions as a transaction sees them, now (a staff write's answer). */
export async function salesIn(db: Queryable): Promise<Sales> {
  return { promotions: await readSalePromotions(db), now: Date.now() };
}

/** What a product (its default variant) and each variant add to the spec's fields. */
export interface SaleFields {
  /** The sale price in dollars, or null when no automatic promotion takes anything off. */
  salePrice: number | null;
  /** The promotion's name, or null. */
  salePromotion: string | null;
}

export function saleFieldsOf(sales: Sales, variant: SaleVariant): SaleFields {
  const sale =
    sales.promotions.length === 0 ? null : salePriceOf(variant, sales.promotions, sales.now);
  return sale === null
    ? { salePrice: null, salePromotion: null }
    : { salePrice: centsToDollars(sale.salePriceCents), salePromotion: sale.promotionName };
}

/** The data versions of the moment, with the sale clock in the products version, and the sales. */
export interface SaleView {
  /**
   * `products` is the products version and, once a promotion's start or end has passed, `@` and
   * the time of the last one: a key of everything shown from products that changes exactly when
   * a sale price may.
   */
  versions: DataVersions;
  sales: Sales;
}

export interface SaleClock {
  /** The view as fresh as the shared data version check. */
  view(): Eventually<SaleView>;
  /** The shared check with the sale clock in `products` (the page cache's and search's keys). */
  versions: DataVersionCheck;
}

interface Loaded {
  promotions: SalePromotion[];
  boundaries: number[];
}

/** Versions whose promotions are kept (the current one, and any a slow reader still asks for). */
const KEPT_VERSIONS = 4;

/**
 * One per app instance, over the shared data version check: the automatic promotions are read once
 * per products version (after the check that gave it, so they are at least as new as it, as the
 * rows a cache reads are), not per request. Synchronous once they are read.
 */
export function createSaleClock(
  db: Db,
  check: DataVersionCheck,
  clock: () => number = Date.now,
): SaleClock {
  const loaded = new Map<string, Eventually<Loaded>>();
  const load = (version: string): Eventually<Loaded> => {
    const found = loaded.get(version);
    if (found !== undefined) return found;
    const reading = readSalePromotions(db).then((promotions) => {
      const done = { promotions, boundaries: saleBoundaries(promotions) };
      if (loaded.get(version) === reading) loaded.set(version, done);
      return done;
    });
    reading.catch(() => {
      if (loaded.get(version) === reading) loaded.delete(version);
    });
    if (loaded.size >= KEPT_VERSIONS) {
      const oldest = loaded.keys().next().value;
      if (oldest !== undefined) loaded.delete(oldest);
    }
    loaded.set(version, reading);
    return reading;
  };

  /** The view made last, for its versions (the check's object) and sale epoch. */
  let last: { versions: DataVersions; epoch: number; view: SaleView } | undefined;
  const viewOf = (versions: DataVersions, sales: Loaded): SaleView => {
    const now = clock();
    const epoch = saleEpochAt(sales.boundaries, now);
    if (last?.versions === versions && last.epoch === epoch) return last.view;
    const view: SaleView = {
      versions: epoch === 0 ? versions : { ...versions, products: `${versions.products}@${epoch}` },
      sales: { promotions: sales.promotions, now },
    };
    last = { versions, epoch, view };
    return view;
  };
  const at = (versions: DataVersions): Eventually<SaleView> => {
    const sales = load(versions.products);
    return sales instanceof Promise
      ? sales.then((found) => viewOf(versions, found))
      : viewOf(versions, sales);
  };
  const view = (): Eventually<SaleView> => {
    const versions = check.current();
    return versions instanceof Promise ? versions.then(at) : at(versions);
  };
  return {
    view,
    versions: {
      current() {
        const seen = view();
        return seen instanceof Promise ? seen.then((found) => found.versions) : seen.versions;
      },
    },
  };
}
