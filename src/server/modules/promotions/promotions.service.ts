import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { IdSchema } from '../../../shared/ids.ts';
import { centsToDollars, dollarsToCents } from '../../../shared/money.ts';
import {
  CODE_TAKEN_MESSAGE,
  PROMOTION_ENDED_MESSAGE,
  PROMOTION_NOT_FOUND_MESSAGE,
  type PromotionDefinition,
  type PromotionStatus,
  type PromotionTarget,
} from '../../../shared/promotions.ts';
import type { AdminPromotion } from '../../../shared/promotions-admin.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { category, product, promotion, promotionCode, variant } from '../../db/schema.ts';
import { Conflict, Invalid, NotFound } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { recordAudit } from '../audit/index.ts';

// Promotions as staff define them (issue 36, docs/decisions/055). The pricing step reads the same
// rows (modules/pricing); every change of one bumps pricing_settings.version (a trigger of 0035),
// so a quote made before is refused. Money is stored in cents, a percent in parts per million.

export type Actor = Pick<AuthUser, 'id' | 'email'>;
type PromotionRow = typeof promotion.$inferSelect;

const PPM_PER_PERCENT = 10_000;
const UNIQUE_VIOLATION = '23505';
export const UNKNOWN_TARGET_MESSAGE = {
  categories: 'Unknown category',
  products: 'Unknown product',
  variants: 'Unknown SKU',
} as const;

/** The SQLSTATE and constraint of a database error, also when wrapped (drizzle wraps the driver's). */
function databaseErrorOf(error: unknown): { code?: string; constraint?: string } {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    const { code, constraint, cause } = e as {
      code?: unknown;
      constraint?: unknown;
      cause?: unknown;
    };
    if (typeof code === 'string')
      return { code, ...(typeof constraint === 'string' && { constraint }) };
    e = cause;
  }
  return {};
}

/** Whether the error is a code taken already (the case-insensitive unique index of codes). */
export function isCodeTaken(error: unknown): boolean {
  const { code, constraint } = databaseErrorOf(error);
  return code === UNIQUE_VIOLATION && constraint === 'promotion_code_code_idx';
}

/** An id that is no UUID is as unknown as a missing one (404), and never reaches the database. */
export function assertPromotionId(id: string): void {
  if (!IdSchema.safeParse(id).success) throw new NotFound(PROMOTION_NOT_FOUND_MESSAGE);
}

/** The definition in its stored form: cents, ppm; fields of other kinds left empty. */
function storedValues(body: PromotionDefinition) {
  const isBuyXGetY = body.kind === 'buy_x_get_y';
  const usesPercent = body.kind === 'percent_off' || isBuyXGetY;
  const usesAmount = body.kind === 'amount_off' || body.kind === 'spend_threshold';
  const cents = (dollars: number | null) => (dollars === null ? null : dollarsToCents(dollars));
  return {
    name: body.name,
    description: body.description,
    kind: body.kind,
    // Buy X get Y without a percent: Y is free.
    percentPpm: usesPercent
      ? body.percentOff === null
        ? isBuyXGetY
          ? 100 * PPM_PER_PERCENT
          : null
        : Math.round(body.percentOff * PPM_PER_PERCENT)
      : null,
    amountCents: usesAmount ? cents(body.amountOff) : null,
    targetKind: body.target.kind,
    targetIds: body.target.kind === 'all' ? [] : body.target.ids,
    buyKind: isBuyXGetY && body.buy ? body.buy.target.kind : null,
    buyIds: isBuyXGetY && body.buy && body.buy.target.kind !== 'all' ? body.buy.target.ids : [],
    buyQuantity: isBuyXGetY && body.buy ? body.buy.quantity : null,
    getQuantity: isBuyXGetY ? body.getQuantity : null,
    minSubtotalCents: cents(body.minSubtotal),
    minQuantity: body.minQuantity,
    firstOrderOnly: body.firstOrderOnly,
    startsAt: body.startsAt === null ? null : new Date(body.startsAt),
    endsAt: body.endsAt === null ? null : new Date(body.endsAt),
    usageLimit: body.usageLimit,
    perCustomerLimit: body.perCustomerLimit,
    exclusive: body.exclusive,
    priority: body.priority,
    codeMode: body.codeMode,
  };
}

/** What the audit log keeps of a promotion: its stored definition (and status), no bookkeeping. */
const audited = (
  { id: _id, createdAt: _c, updatedAt: _u, ...rest }: PromotionRow,
  code: string | null,
) => ({ ...rest, code });

export interface Usage {
  uses: number;
  revenueCents: number;
  discountCents: number;
}
const NO_USAGE: Usage = { uses: 0, revenueCents: 0, discountCents: 0 };

export function promotionAnswer(
  row: PromotionRow,
  code: string | null,
  usage: Usage = NO_USAGE,
): AdminPromotion {
  const dollars = (cents: number | null) => (cents === null ? null : centsToDollars(cents));
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    kind: row.kind,
    percentOff: row.percentPpm === null ? null : row.percentPpm / PPM_PER_PERCENT,
    amountOff: dollars(row.amountCents),
    target: { kind: row.targetKind, ids: row.targetIds },
    buy:
      row.buyKind === null
        ? null
        : { target: { kind: row.buyKind, ids: row.buyIds }, quantity: row.buyQuantity ?? 1 },
    getQuantity: row.getQuantity,
    minSubtotal: dollars(row.minSubtotalCents),
    minQuantity: row.minQuantity,
    firstOrderOnly: row.firstOrderOnly,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    exclusive: row.exclusive,
    priority: row.priority,
    codeMode: row.codeMode,
    code,
    status: row.status,
    uses: usage.uses,
    revenue: centsToDollars(usage.revenueCents),
    discountGiven: centsToDollars(usage.discountCents),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Each promotion's uses not released, the revenue of their checkouts' orders (not cancelled or
 * expired; `amount_cents`: after the discount, with tax and shipping) and the discount given (its
 * lines' discount and the shipping it took off), in cents.
 */
async function usageOf(db: Queryable, ids: readonly string[]): Promise<Map<string, Usage>> {
  if (ids.length === 0) return new Map();
  const result = await db.execute<{
    promotion_id: string;
    uses: number;
    discount: string;
    revenue: string;
  }>(sql`
    SELECT u.promotion_id, count(*)::int AS uses,
      sum(u.discount_cents + u.shipping_discount_cents) AS discount,
      coalesce(sum(o.cents), 0) AS revenue
    FROM promotion_use u
    LEFT JOIN LATERAL (
      SELECT sum(p.amount_cents) AS cents FROM purchase p
      WHERE p.checkout_id = u.checkout_id AND p.status NOT IN ('cancelled', 'expired')
    ) o ON true
    WHERE u.released_at IS NULL
      AND u.promotion_id IN (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
    GROUP BY u.promotion_id`);
  return new Map(
    result.rows.map((row) => [
      row.promotion_id,
      { uses: row.uses, discountCents: Number(row.discount), revenueCents: Number(row.revenue) },
    ]),
  );
}

/** The shared codes (max_uses null, no batch) of the promotions. */
async function sharedCodesOf(db: Queryable, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ promotionId: promotionCode.promotionId, code: promotionCode.code })
    .from(promotionCode)
    .where(and(inArray(promotionCode.promotionId, [...ids]), isNull(promotionCode.batchId)));
  return new Map(rows.map((row) => [row.promotionId, row.code]));
}

/** GET /api/admin/promotions: every promotion, newest first, with its usage. */
export async function listPromotions(db: Db): Promise<AdminPromotion[]> {
  const rows = await db
    .select()
    .from(promotion)
    .orderBy(desc(promotion.createdAt), desc(promotion.id));
  const ids = rows.map((row) => row.id);
  const [codes, usage] = await Promise.all([sharedCodesOf(db, ids), usageOf(db, ids)]);
  return rows.map((row) =>
    promotionAnswer(row, codes.get(row.id) ?? null, usage.get(row.id) ?? NO_USAGE),
  );
}

async function answerOf(db: Queryable, row: PromotionRow): Promise<AdminPromotion> {
  const [codes, usage] = await Promise.all([sharedCodesOf(db, [row.id]), usageOf(db, [row.id])]);
  return promotionAnswer(row, codes.get(row.id) ?? null, usage.get(row.id) ?? NO_USAGE);
}

/** GET /api/admin/promotions/{id}. */
export async function getPromotion(db: Db, id: string): Promise<AdminPromotion> {
  assertPromotionId(id);
  const [row] = await db.select().from(promotion).where(eq(promotion.id, id));
  if (!row) throw new NotFound(PROMOTION_NOT_FOUND_MESSAGE);
  return answerOf(db, row);
}

/**
 * Refuses (400, naming `field`) a target whose categories or products do not exist (or are no
 * ids), or whose SKUs are no variant's. Platforms are names: any is accepted.
 */
async function assertTargetExists(
  db: Queryable,
  target: PromotionTarget,
  field: 'target' | 'buy',
): Promise<void> {
  if (target.kind === 'all' || target.kind === 'platforms') return;
  const message = UNKNOWN_TARGET_MESSAGE[target.kind];
  const refuse = (id: string): never => {
    const text = `${message}: ${id}`;
    throw new Invalid(text, { [field]: text });
  };
  const wanted = [...new Set(target.ids)];
  if (target.kind === 'variants') {
    const keys = wanted.map((sku) => sku.toLowerCase());
    const found = await db
      .select({ sku: sql<string>`lower(${variant.sku})` })
      .from(variant)
      .where(inArray(sql`lower(${variant.sku})`, keys));
    const known = new Set(found.map((row) => row.sku));
    const missing = wanted.find((sku) => !known.has(sku.toLowerCase()));
    if (missing !== undefined) refuse(missing);
    return;
  }
  const notAnId = wanted.find((id) => !IdSchema.safeParse(id).success);
  if (notAnId !== undefined) refuse(notAnId);
  const table = target.kind === 'categories' ? category : product;
  const found = await db.select({ id: table.id }).from(table).where(inArray(table.id, wanted));
  const known = new Set(found.map((row) => row.id));
  const missing = wanted.find((id) => !known.has(id));
  if (missing !== undefined) refuse(missing);
}

async function assertTargetsExist(db: Queryable, body: PromotionDefinition): Promise<void> {
  await assertTargetExists(db, body.target, 'target');
  if (body.kind === 'buy_x_get_y' && body.buy) await assertTargetExists(db, body.buy.target, 'buy');
}

/** Keeps exactly one shared code (no batch, no use limit of its own) when `code` is given. */
async function keepSharedCode(tx: Queryable, promotionId: string, code: string | null) {
  const shared = and(eq(promotionCode.promotionId, promotionId), isNull(promotionCode.batchId));
  if (code === null) {
    await tx.delete(promotionCode).where(shared);
    return;
  }
  const [kept] = await tx
    .update(promotionCode)
    .set({ code })
    .where(shared)
    .returning({ id: promotionCode.id });
  if (!kept) await tx.insert(promotionCode).values({ promotionId, code, maxUses: null });
}

/** Runs `work`; a code taken by any promotion (whatever its case) is a 409 naming `code`. */
async function withUniqueCode<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isCodeTaken(error)) throw new Conflict(CODE_TAKEN_MESSAGE, { code: CODE_TAKEN_MESSAGE });
    throw error;
  }
}

const sharedCode = (body: PromotionDefinition) => (body.codeMode === 'code' ? body.code : null);

/** POST /api/admin/promotions. */
export async function createPromotion(
  db: Db,
  actor: Actor,
  body: PromotionDefinition,
): Promise<AdminPromotion> {
  return withUniqueCode(() =>
    db.transaction(async (tx) => {
      await assertTargetsExist(tx, body);
      const [row] = await tx.insert(promotion).values(storedValues(body)).returning();
      if (!row) throw new Error('INSERT … RETURNING gave no row');
      const code = sharedCode(body);
      await keepSharedCode(tx, row.id, code);
      await recordAudit(tx, actor, {
        action: 'promotion.create',
        targetType: 'promotion',
        targetId: row.id,
        after: audited(row, code),
      });
      return promotionAnswer(row, code);
    }),
  );
}

/** The promotion's row locked for a change; an ended one is final (409). */
async function lockForChange(tx: Queryable, id: string): Promise<PromotionRow> {
  const [row] = await tx.select().from(promotion).where(eq(promotion.id, id)).for('update');
  if (!row) throw new NotFound(PROMOTION_NOT_FOUND_MESSAGE);
  if (row.status === 'ended') throw new Conflict(PROMOTION_ENDED_MESSAGE);
  return row;
}

/** PUT /api/admin/promotions/{id}: the whole definition (its status and uses stay). */
export async function updatePromotion(
  db: Db,
  actor: Actor,
  id: string,
  body: PromotionDefinition,
): Promise<AdminPromotion> {
  assertPromotionId(id);
  return withUniqueCode(() =>
    db.transaction(async (tx) => {
      const before = await lockForChange(tx, id);
      const codeBefore = (await sharedCodesOf(tx, [id])).get(id) ?? null;
      await assertTargetsExist(tx, body);
      const [after] = await tx
        .update(promotion)
        .set({ ...storedValues(body), updatedAt: sql`now()` })
        .where(eq(promotion.id, id))
        .returning();
      if (!after) throw new NotFound(PROMOTION_NOT_FOUND_MESSAGE);
      const code = sharedCode(body);
      await keepSharedCode(tx, id, code);
      await recordAudit(tx, actor, {
        action: 'promotion.update',
        targetType: 'promotion',
        targetId: id,
        before: audited(before, codeBefore),
        after: audited(after, code),
      });
      return answerOf(tx, after);
    }),
  );
}

const STATUS_CHANGES = {
  pause: 'paused',
  resume: 'active',
  end: 'ended',
} as const satisfies Record<string, PromotionStatus>;
export type StatusChange = keyof typeof STATUS_CHANGES;

/**
 * POST /api/admin/promotions/{id}/pause, /resume, /end. Pausing a paused one (or resuming an
 * active one) changes nothing and logs nothing; an ended one is final (409).
 */
export async function changePromotionStatus(
  db: Db,
  actor: Actor,
  id: string,
  change: StatusChange,
): Promise<AdminPromotion> {
  assertPromotionId(id);
  return db.transaction(async (tx) => {
    const before = await lockForChange(tx, id);
    const to = STATUS_CHANGES[change];
    if (before.status === to) return answerOf(tx, before);
    const [after] = await tx
      .update(promotion)
      .set({ status: to, updatedAt: sql`now()` })
      .where(eq(promotion.id, id))
      .returning();
    if (!after) throw new NotFound(PROMOTION_NOT_FOUND_MESSAGE);
    await recordAudit(tx, actor, {
      action: `promotion.${change}`,
      targetType: 'promotion',
      targetId: id,
      before: { status: before.status },
      after: { status: to },
    });
    return answerOf(tx, after);
  });
}
