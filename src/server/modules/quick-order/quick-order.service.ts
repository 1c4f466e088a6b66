import { eq, inArray, sql } from 'drizzle-orm';
import { PRODUCT_WITHDRAWN_MESSAGE } from '../../../shared/for-sale.ts';
import {
  QUICK_ORDER_WHOLE_NUMBER_MESSAGE,
  quickOrderAboveStockMessage,
  quickOrderBelowMinimumMessage,
  SKU_PATTERN,
  SKU_REQUIRED_MESSAGE,
  unknownSkuMessage,
  variantDisplayName,
  type QuickOrderBody,
  type QuickOrderResult,
} from '../../../shared/variant.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { product, variantOffer } from '../../db/schema.ts';
import { getBasket, mergeIntoBasket } from '../basket/index.ts';

/*
 * Quick order (issue 34): lines of `SKU quantity` checked one by one, the good ones merged into
 * the caller's basket (the basket's own merge: its lock, its cap, its rules), each line's result
 * answered in the order sent. A line is checked against what the basket will hold once it is
 * added (the basket's quantity of that variant plus this and earlier lines of it), so "above
 * stock" means the basket could not be checked out, and a line that passes is added as sent.
 */

type QuickOrderLine = QuickOrderBody['lines'][number];

/** A variant as it can be sold today (variant_offer: a kit's stock and withdrawal are its parts'). */
interface Offer {
  id: string;
  productId: string;
  sku: string;
  name: string;
  minQuantity: number;
  availableQuantity: number;
  withdrawn: boolean;
}

/** The variants of the well-formed SKUs among `skus`, by lower-cased SKU (unique index). */
async function offersOf(db: Queryable, skus: readonly string[]): Promise<Map<string, Offer>> {
  const wanted = [...new Set(skus.filter((sku) => SKU_PATTERN.test(sku)).map(lower))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({
      id: variantOffer.id,
      productId: variantOffer.productId,
      sku: variantOffer.sku,
      label: variantOffer.label,
      productName: product.name,
      minQuantity: variantOffer.minQuantity,
      availableQuantity: variantOffer.availableQuantity,
      withdrawn: variantOffer.withdrawn,
    })
    .from(variantOffer)
    .innerJoin(product, eq(product.id, variantOffer.productId))
    .where(inArray(sql`lower(${variantOffer.sku})`, wanted));
  return new Map(
    rows.map(({ label, productName, ...row }) => [
      lower(row.sku),
      { ...row, name: variantDisplayName(productName, label) },
    ]),
  );
}

const lower = (sku: string) => sku.toLowerCase();

/** The problem of one line given what the basket will hold of its variant with it, or null. */
function problemOf(quantity: number, total: number, offer: Offer): string | null {
  if (!Number.isInteger(quantity)) return QUICK_ORDER_WHOLE_NUMBER_MESSAGE;
  if (offer.withdrawn) return PRODUCT_WITHDRAWN_MESSAGE;
  if (quantity < 1 || total < offer.minQuantity)
    return quickOrderBelowMinimumMessage(offer.minQuantity);
  if (total > offer.availableQuantity) return quickOrderAboveStockMessage(offer.availableQuantity);
  return null;
}

/** POST /api/quick-order: each line checked, the good ones added to the caller's basket. */
export async function quickOrder(
  db: Db,
  userId: string,
  lines: readonly QuickOrderLine[],
): Promise<QuickOrderResult> {
  const sent = lines.map((line) => ({ sku: line.sku.trim(), quantity: line.quantity }));
  const offers = await offersOf(
    db,
    sent.map((line) => line.sku),
  );
  const basket = await getBasket(db, userId);
  /** What the basket will hold of each variant (by lower-cased SKU) as lines are accepted. */
  const holding = new Map<string, number>();
  for (const line of basket.lines) if (line.sku !== '') holding.set(lower(line.sku), line.quantity);
  /** The good lines, one per variant, in the order first sent: what to merge. */
  const toAdd = new Map<string, { productId: string; sku: string; quantity: number }>();

  const results = sent.map(({ sku, quantity }) => {
    if (sku === '') return { sku, quantity, problem: SKU_REQUIRED_MESSAGE, name: null };
    const offer = offers.get(lower(sku));
    if (!offer) return { sku, quantity, problem: unknownSkuMessage(sku), name: null };
    const key = lower(offer.sku);
    const total = (holding.get(key) ?? 0) + quantity;
    const problem = problemOf(quantity, total, offer);
    if (problem === null) {
      holding.set(key, total);
      const adding = toAdd.get(key);
      toAdd.set(key, {
        productId: offer.productId,
        sku: offer.sku,
        quantity: (adding?.quantity ?? 0) + quantity,
      });
    }
    return { sku, quantity, problem, name: offer.name };
  });

  const merged = toAdd.size === 0 ? null : await mergeIntoBasket(db, userId, [...toAdd.values()]);
  return {
    lines: results,
    added: results.filter((line) => line.problem === null).length,
    notices: merged?.notices ?? [],
  };
}
