import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import {
  BASKET_DUPLICATE_LINE_MESSAGE,
  BASKET_MAX_LINES,
  BASKET_TOO_LONG_MESSAGE,
  basketNotices,
  GONE_PRODUCT_NAME,
  PRODUCT_GONE_MESSAGE,
  type Basket,
  type BasketLine,
  type BasketLineInput,
} from '../../../shared/basket.ts';
import { IdSchema } from '../../../shared/ids.ts';
import { centsToDollars, dollarsToCents } from '../../../shared/money.ts';
import { fromStoredBreaks, unitPriceFor } from '../../../shared/price-breaks.ts';
import { PRODUCT_WITHDRAWN_MESSAGE } from '../../../shared/for-sale.ts';
import { orderQuantityProblem } from '../../../shared/purchase.ts';
import { lockAccount } from '../../db/account-lock.ts';
import type { Db, Queryable, Tx } from '../../db/client.ts';
import { basketLine, product } from '../../db/schema.ts';
import { Conflict, Invalid } from '../../errors.ts';

const productColumns = {
  id: product.id,
  name: product.name,
  imageUrl: product.imageUrl,
  priceCents: product.priceCents,
  priceBreaks: product.priceBreaks,
  minQuantity: product.minQuantity,
  availableQuantity: product.availableQuantity,
  withdrawn: product.withdrawn,
};
type ProductRow = { [K in keyof typeof productColumns]: (typeof productColumns)[K]['_']['data'] };

/** A sent line; `productId` null when it is no product id at all (as unknown as a missing one). */
type SentLine = { productId: string | null; quantity: number };
/** A line to store; `goneProductName` kept from the stored line of a product deleted since. */
type StoredLine = { productId: string; quantity: number; goneProductName?: string | null };

/** The caller's basket priced today, in the order the lines were put there. */
export function getBasket(db: Queryable, userId: string): Promise<Basket> {
  return readBasket(db, userId, []);
}

/**
 * A line whose product was deleted (issue 39): it stays in the basket, named as the deletion left
 * it, priced at nothing, and the checkout refuses it (409 naming it) until the customer removes it.
 */
function goneLine(line: {
  productId: string;
  quantity: number;
  goneProductName: string | null;
}): BasketLine {
  return {
    productId: line.productId,
    name: line.goneProductName ?? GONE_PRODUCT_NAME,
    img: '',
    price: 0,
    basePrice: 0,
    priceBreaks: [],
    quantity: line.quantity,
    lineTotal: 0,
    minQuantity: 0,
    availableQuantity: 0,
    problem: PRODUCT_GONE_MESSAGE,
  };
}

async function readBasket(db: Queryable, userId: string, notices: string[]): Promise<Basket> {
  const rows = await db
    .select({
      line: {
        productId: basketLine.productId,
        quantity: basketLine.quantity,
        goneProductName: basketLine.goneProductName,
      },
      product: productColumns,
    })
    .from(basketLine)
    .leftJoin(product, eq(product.id, basketLine.productId))
    .where(eq(basketLine.userId, userId))
    .orderBy(asc(basketLine.position), asc(basketLine.productId));
  let totalCents = 0;
  const lines = rows.map(({ line, product: found }) => {
    if (!found) return goneLine(line);
    const row = { ...found, quantity: line.quantity };
    const priceBreaks = fromStoredBreaks(row.priceBreaks);
    const basePrice = centsToDollars(row.priceCents);
    // The order statement's UNIT_PRICE_SQL, for display: the break for the quantity, else the base.
    const unitCents = dollarsToCents(unitPriceFor({ price: basePrice, priceBreaks }, row.quantity));
    const lineCents = unitCents * row.quantity;
    totalCents += lineCents;
    return {
      productId: row.id,
      name: row.name,
      img: row.imageUrl,
      price: centsToDollars(unitCents),
      basePrice,
      priceBreaks,
      quantity: row.quantity,
      lineTotal: centsToDollars(lineCents),
      minQuantity: row.minQuantity,
      availableQuantity: row.availableQuantity,
      problem: row.withdrawn
        ? PRODUCT_WITHDRAWN_MESSAGE
        : (orderQuantityProblem(row.quantity, row) ?? null),
    };
  });
  return { lines, totalPrice: centsToDollars(totalCents), notices };
}

/**
 * The sent lines with their ids in the database's spelling (lower case). The shared schema refuses
 * duplicates as sent; two spellings of one id are the same product twice, refused alike.
 */
function canonicalLines(lines: BasketLineInput[]): SentLine[] {
  const canonical = lines.map((line) => ({
    productId: IdSchema.safeParse(line.productId).success ? line.productId.toLowerCase() : null,
    quantity: line.quantity,
  }));
  const ids = canonical.flatMap((line) => line.productId ?? []);
  if (new Set(ids).size !== ids.length)
    throw new Invalid(BASKET_DUPLICATE_LINE_MESSAGE, { lines: BASKET_DUPLICATE_LINE_MESSAGE });
  return canonical;
}

/**
 * The products of these ids that exist. KEY SHARE keeps each from being deleted until the basket
 * is written (a delete waits, then stamps its name on the new lines: drizzle/0026), so no line is
 * written for a product that vanished after this read; stock and price updates are not held up.
 */
async function productsByIds(tx: Tx, ids: string[]): Promise<Map<string, ProductRow>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select(productColumns)
    .from(product)
    .where(inArray(product.id, ids))
    .for('key share');
  return new Map(rows.map((row) => [row.id, row]));
}

/** The caller's stored lines whose product is gone, by product id, with the name each kept. */
async function storedGoneLines(tx: Tx, userId: string): Promise<Map<string, string | null>> {
  const rows = await tx
    .select({ productId: basketLine.productId, name: basketLine.goneProductName })
    .from(basketLine)
    .leftJoin(product, eq(product.id, basketLine.productId))
    .where(and(eq(basketLine.userId, userId), isNull(product.id)));
  return new Map(rows.map((row) => [row.productId, row.name]));
}

async function writeBasket(tx: Tx, userId: string, lines: StoredLine[]): Promise<void> {
  await tx.delete(basketLine).where(eq(basketLine.userId, userId));
  if (lines.length === 0) return;
  await tx
    .insert(basketLine)
    .values(lines.map((line, position) => ({ userId, ...line, position })));
}

/**
 * PUT /api/basket: the whole basket replaced in one transaction, quantities as sent (a line may
 * break a rule today: its `problem` says so, and the checkout refuses it). Lines of products that
 * do not exist are left out, each said in `notices`, except a stored line whose product was
 * deleted since: sent back, it stays as it was stored (issue 39), until the customer removes it.
 */
export function replaceBasket(db: Db, userId: string, sent: BasketLineInput[]): Promise<Basket> {
  const lines = canonicalLines(sent);
  return db.transaction(async (tx) => {
    await lockAccount(tx, userId);
    const products = await productsByIds(
      tx,
      lines.flatMap((line) => line.productId ?? []),
    );
    const gone = await storedGoneLines(tx, userId);
    const kept = lines.flatMap(({ productId, quantity }): StoredLine[] => {
      if (productId === null) return [];
      if (products.has(productId)) return [{ productId, quantity }];
      if (gone.has(productId))
        return [{ productId, quantity, goneProductName: gone.get(productId) }];
      return [];
    });
    await writeBasket(tx, userId, kept);
    const notices = Array.from({ length: lines.length - kept.length }, () => basketNotices.gone());
    return readBasket(tx, userId, notices);
  });
}

/**
 * A merged line's quantity within today's rules and the words for the change, if any; 0 means
 * left out. Stock below the minimum cannot be ordered at all, so it counts as out of stock.
 */
function adjustToRules(quantity: number, found: ProductRow): { quantity: number; notice?: string } {
  const { name, minQuantity, availableQuantity } = found;
  if (found.withdrawn) return { quantity: 0, notice: basketNotices.withdrawn(name) };
  if (availableQuantity < minQuantity)
    return { quantity: 0, notice: basketNotices.outOfStock(name) };
  if (quantity < minQuantity)
    return { quantity: minQuantity, notice: basketNotices.raisedToMinimum(name, minQuantity) };
  if (quantity > availableQuantity)
    return {
      quantity: availableQuantity,
      notice: basketNotices.loweredToStock(name, availableQuantity),
    };
  return { quantity };
}

/**
 * POST /api/basket/merge: the sent lines added to the stored basket (a product already there gets
 * the quantities added), each merged line then adjusted to today's rules, every adjustment said in
 * `notices` in the order the lines were sent. Stored lines not sent stay as they are (a line whose
 * product was deleted too: issue 39); new lines go after them. The account lock makes parallel
 * merges run one after the other, so none loses a line and the cap holds: a merge that would leave
 * more than BASKET_MAX_LINES lines changes nothing (409).
 */
export function mergeIntoBasket(db: Db, userId: string, sent: BasketLineInput[]): Promise<Basket> {
  const lines = canonicalLines(sent);
  return db.transaction(async (tx) => {
    await lockAccount(tx, userId);
    const stored = await tx
      .select({ productId: basketLine.productId, quantity: basketLine.quantity })
      .from(basketLine)
      .where(eq(basketLine.userId, userId))
      .orderBy(asc(basketLine.position), asc(basketLine.productId));
    const products = await productsByIds(tx, [
      ...stored.map((line) => line.productId),
      ...lines.flatMap((line) => line.productId ?? []),
    ]);
    // A Map keeps insertion order: stored lines keep their places, new ones follow as sent.
    const basket = new Map(stored.map((line) => [line.productId, line.quantity]));
    const notices: string[] = [];
    for (const line of lines) {
      const found = line.productId === null ? undefined : products.get(line.productId);
      if (!found) {
        notices.push(basketNotices.gone());
        continue;
      }
      const adjusted = adjustToRules((basket.get(found.id) ?? 0) + line.quantity, found);
      if (adjusted.notice) notices.push(adjusted.notice);
      if (adjusted.quantity === 0) basket.delete(found.id);
      else basket.set(found.id, adjusted.quantity);
    }
    if (basket.size > BASKET_MAX_LINES) throw new Conflict(BASKET_TOO_LONG_MESSAGE);
    const gone = await storedGoneLines(tx, userId);
    await writeBasket(
      tx,
      userId,
      [...basket].map(([productId, quantity]) => ({
        productId,
        quantity,
        goneProductName: gone.get(productId) ?? null,
      })),
    );
    return readBasket(tx, userId, notices);
  });
}
