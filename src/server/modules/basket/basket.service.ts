import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import {
  BASKET_DUPLICATE_LINE_MESSAGE,
  BASKET_MAX_LINES,
  BASKET_TOO_LONG_MESSAGE,
  basketLineKey,
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
import { sameSku, variantDisplayName } from '../../../shared/variant.ts';
import { lockAccount } from '../../db/account-lock.ts';
import type { Db, Queryable, Tx } from '../../db/client.ts';
import { basketLine, product, variant, variantOffer } from '../../db/schema.ts';
import { Conflict, Invalid } from '../../errors.ts';

/** A line's variant as it can be sold today (variant_offer: a kit's stock is its parts'). */
const offerColumns = {
  id: variantOffer.id,
  productId: variantOffer.productId,
  sku: variantOffer.sku,
  label: variantOffer.label,
  images: variantOffer.images,
  priceCents: variantOffer.priceCents,
  priceBreaks: variantOffer.priceBreaks,
  minQuantity: variantOffer.minQuantity,
  availableQuantity: variantOffer.availableQuantity,
  withdrawn: variantOffer.withdrawn,
};
const productColumns = { productName: product.name, imageUrl: product.imageUrl };
const variantColumns = { ...offerColumns, ...productColumns };
type VariantRow = {
  [K in keyof typeof variantColumns]: (typeof variantColumns)[K]['_']['data'];
} & {
  name: string;
};

/** A sent line; `productId` null when it is no product id at all (as unknown as a missing one). */
type SentLine = { productId: string | null; sku: string | null; quantity: number };
/** A line to store; `goneProductName` kept from the stored line of a variant deleted since. */
type StoredLine = {
  productId: string;
  variantId: string;
  quantity: number;
  goneProductName?: string | null;
};

/** The caller's basket priced today, in the order the lines were put there. */
export function getBasket(db: Queryable, userId: string): Promise<Basket> {
  return readBasket(db, userId, []);
}

/**
 * A line whose product or variant was deleted (issue 39): it stays in the basket, named as the
 * deletion left it, priced at nothing, and the checkout refuses it (409 naming it) until the
 * customer removes it.
 */
function goneLine(line: {
  productId: string;
  quantity: number;
  goneProductName: string | null;
}): BasketLine {
  return {
    productId: line.productId,
    sku: '',
    variantLabel: '',
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

const named = <T extends { productName: string; label: string }>(row: T): T & { name: string } => ({
  ...row,
  name: variantDisplayName(row.productName, row.label),
});

async function readBasket(db: Queryable, userId: string, notices: string[]): Promise<Basket> {
  const rows = await db
    .select({
      line: {
        productId: basketLine.productId,
        quantity: basketLine.quantity,
        goneProductName: basketLine.goneProductName,
      },
      variant: offerColumns,
      product: productColumns,
    })
    .from(basketLine)
    .leftJoin(variantOffer, eq(variantOffer.id, basketLine.variantId))
    .leftJoin(product, eq(product.id, variantOffer.productId))
    .where(eq(basketLine.userId, userId))
    .orderBy(asc(basketLine.position), asc(basketLine.variantId));
  let totalCents = 0;
  const lines = rows.map(({ line, variant: found, product: itsProduct }) => {
    if (!found || !itsProduct) return goneLine(line);
    const row = { ...named({ ...found, ...itsProduct }), quantity: line.quantity };
    const priceBreaks = fromStoredBreaks(row.priceBreaks);
    const basePrice = centsToDollars(row.priceCents);
    // The order statement's UNIT_PRICE_SQL, for display: the break for the quantity, else the base.
    const unitCents = dollarsToCents(unitPriceFor({ price: basePrice, priceBreaks }, row.quantity));
    const lineCents = unitCents * row.quantity;
    totalCents += lineCents;
    return {
      productId: row.productId,
      sku: row.sku,
      variantLabel: row.label,
      name: row.name,
      img: row.images[0] ?? row.imageUrl,
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
 * duplicates as sent; two spellings of one id are the same line twice, refused alike (two lines
 * naming one variant differently are refused once their variants are known: `assertOneLineEach`).
 */
function canonicalLines(lines: BasketLineInput[]): SentLine[] {
  const canonical = lines.map((line) => ({
    productId: IdSchema.safeParse(line.productId).success ? line.productId.toLowerCase() : null,
    sku: line.sku ?? null,
    quantity: line.quantity,
  }));
  const keys = canonical.flatMap((line) =>
    line.productId === null
      ? []
      : [basketLineKey({ productId: line.productId, sku: line.sku ?? undefined })],
  );
  if (new Set(keys).size !== keys.length) throw duplicateLine();
  return canonical;
}

const duplicateLine = () =>
  new Invalid(BASKET_DUPLICATE_LINE_MESSAGE, { lines: BASKET_DUPLICATE_LINE_MESSAGE });

/**
 * The variant each sent line means (its SKU's, when that is the product's; else the product's
 * default), or undefined when there is none. KEY SHARE keeps each from being deleted until the
 * basket is written (a delete waits, then stamps its name on the new lines: drizzle/0026, 0028),
 * so no line is written for a variant that vanished after this read; stock and price updates are
 * not held up.
 */
async function variantsOf(tx: Tx, lines: readonly SentLine[]): Promise<(VariantRow | undefined)[]> {
  const productIds = [...new Set(lines.flatMap((line) => line.productId ?? []))];
  if (productIds.length === 0) return lines.map(() => undefined);
  const ids = await tx
    .select({ id: variant.id })
    .from(variant)
    .where(inArray(variant.productId, productIds))
    .orderBy(asc(variant.id))
    .for('key share');
  const rows =
    ids.length === 0
      ? []
      : await tx
          .select({ ...variantColumns, position: variantOffer.position })
          .from(variantOffer)
          .innerJoin(product, eq(product.id, variantOffer.productId))
          .where(
            inArray(
              variantOffer.id,
              ids.map((row) => row.id),
            ),
          )
          .orderBy(asc(variantOffer.position), asc(variantOffer.id));
  return lines.map((line) => {
    const found = rows.find((row) =>
      line.productId !== row.productId
        ? false
        : line.sku === null
          ? rows.find((first) => first.productId === line.productId) === row
          : sameSku(line.sku, row.sku),
    );
    return found && named(found);
  });
}

/** Refuses two lines meaning one variant (one by its SKU, one as the product's default). */
function assertOneLineEach(found: readonly (VariantRow | undefined)[]): void {
  const ids = found.flatMap((row) => row?.id ?? []);
  if (new Set(ids).size !== ids.length) throw duplicateLine();
}

/** The caller's stored lines whose variant is gone, by variant id, with the name each kept. */
async function storedGoneLines(tx: Tx, userId: string) {
  const rows = await tx
    .select({
      productId: basketLine.productId,
      variantId: basketLine.variantId,
      name: basketLine.goneProductName,
    })
    .from(basketLine)
    .leftJoin(variant, eq(variant.id, basketLine.variantId))
    .where(and(eq(basketLine.userId, userId), isNull(variant.id)));
  return rows;
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
 * break a rule today: its `problem` says so, and the checkout refuses it). Lines of variants that
 * do not exist are left out, each said in `notices`, except a stored line whose variant was
 * deleted since: sent back (by its product, without a SKU), it stays as it was stored (issue 39),
 * until the customer removes it.
 */
export function replaceBasket(db: Db, userId: string, sent: BasketLineInput[]): Promise<Basket> {
  const lines = canonicalLines(sent);
  return db.transaction(async (tx) => {
    await lockAccount(tx, userId);
    const found = await variantsOf(tx, lines);
    assertOneLineEach(found);
    const gone = await storedGoneLines(tx, userId);
    const kept = lines.flatMap(({ productId, quantity }, index): StoredLine[] => {
      const row = found[index];
      if (productId === null) return [];
      if (row) return [{ productId, variantId: row.id, quantity }];
      const stored = gone.find((line) => line.productId === productId);
      if (stored)
        return [{ productId, variantId: stored.variantId, quantity, goneProductName: stored.name }];
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
function adjustToRules(quantity: number, found: VariantRow): { quantity: number; notice?: string } {
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
      .select({
        productId: basketLine.productId,
        variantId: basketLine.variantId,
        quantity: basketLine.quantity,
        goneProductName: basketLine.goneProductName,
      })
      .from(basketLine)
      .where(eq(basketLine.userId, userId))
      .orderBy(asc(basketLine.position), asc(basketLine.variantId));
    const found = await variantsOf(tx, lines);
    // A Map keeps insertion order: stored lines keep their places, new ones follow as sent.
    const basket = new Map<string, StoredLine>(stored.map((line) => [line.variantId, line]));
    const notices: string[] = [];
    for (const [index, line] of lines.entries()) {
      const row = found[index];
      if (!row) {
        notices.push(basketNotices.gone());
        continue;
      }
      const adjusted = adjustToRules((basket.get(row.id)?.quantity ?? 0) + line.quantity, row);
      if (adjusted.notice) notices.push(adjusted.notice);
      if (adjusted.quantity === 0) basket.delete(row.id);
      else
        basket.set(row.id, {
          productId: row.productId,
          variantId: row.id,
          quantity: adjusted.quantity,
          goneProductName: null,
        });
    }
    if (basket.size > BASKET_MAX_LINES) throw new Conflict(BASKET_TOO_LONG_MESSAGE);
    await writeBasket(tx, userId, [...basket.values()]);
    return readBasket(tx, userId, notices);
  });
}
