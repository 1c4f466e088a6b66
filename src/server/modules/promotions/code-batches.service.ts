import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { IdSchema } from '../../../shared/ids.ts';
import {
  PROMOTION_ENDED_MESSAGE,
  PROMOTION_NOT_FOUND_MESSAGE,
} from '../../../shared/promotions.ts';
import {
  CODE_BATCH_NOT_FOUND_MESSAGE,
  CODES_NEED_CODE_MODE_MESSAGE,
  type CodeBatch,
} from '../../../shared/promotions-admin.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { promotion, promotionCode, promotionCodeBatch } from '../../db/schema.ts';
import { Conflict, NotFound } from '../../errors.ts';
import type { CsvCell } from '../csv/index.ts';
import { recordAudit } from '../audit/index.ts';
import { assertPromotionId, type Actor } from './promotions.service.ts';

// Batches of single-use codes (issue 36): N codes of a promotion, each usable once (`max_uses` 1,
// claimed in the order statement; a code is used while a use of it is not released), unique whatever their case across every code of the shop, and
// exported as CSV for a trade show's flyers.

/** No 0/O, 1/I/L: a code read off paper is typed right. 31 characters, 10 of them: ~8·10^14. */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CODE_RANDOM_LENGTH = 10;
/** Rounds of inserting the codes a collision left out before giving up (never seen in practice). */
const MAX_ROUNDS = 10;

export function randomCode(prefix: string): string {
  let code = prefix;
  for (let i = 0; i < CODE_RANDOM_LENGTH; i += 1)
    code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

type BatchRow = typeof promotionCodeBatch.$inferSelect;

const batchAnswer = (row: BatchRow, used: number): CodeBatch => ({
  id: row.id,
  promotionId: row.promotionId,
  prefix: row.prefix,
  count: row.count,
  used,
  createdAt: row.createdAt.toISOString(),
});

/**
 * POST /api/admin/promotions/{id}/code-batches: `count` new codes, `prefix` then random
 * characters. Each round inserts the missing codes in one statement; a code equal (whatever its
 * case) to one that exists, or to another of the round, is left out by ON CONFLICT and drawn again.
 */
export async function createCodeBatch(
  db: Db,
  actor: Actor,
  promotionId: string,
  input: { count: number; prefix: string },
  draw: (prefix: string) => string = randomCode,
): Promise<CodeBatch> {
  assertPromotionId(promotionId);
  return db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ status: promotion.status, codeMode: promotion.codeMode })
      .from(promotion)
      .where(eq(promotion.id, promotionId))
      .for('key share');
    if (!owner) throw new NotFound(PROMOTION_NOT_FOUND_MESSAGE);
    if (owner.status === 'ended') throw new Conflict(PROMOTION_ENDED_MESSAGE);
    if (owner.codeMode !== 'code') throw new Conflict(CODES_NEED_CODE_MODE_MESSAGE);
    const [batch] = await tx
      .insert(promotionCodeBatch)
      .values({ promotionId, prefix: input.prefix, count: input.count })
      .returning();
    if (!batch) throw new Error('INSERT … RETURNING gave no row');
    let missing = input.count;
    for (let round = 0; missing > 0; round += 1) {
      if (round === MAX_ROUNDS) throw new Error('could not draw unique codes');
      const codes = Array.from({ length: missing }, () => draw(input.prefix));
      const inserted = await tx.execute(sql`
        INSERT INTO promotion_code (promotion_id, batch_id, code, max_uses)
        SELECT ${promotionId}::uuid, ${batch.id}::uuid, c, 1 FROM jsonb_array_elements_text(${JSON.stringify(codes)}::jsonb) AS c
        ON CONFLICT ((upper(code))) DO NOTHING`);
      missing -= inserted.rowCount ?? 0;
    }
    await recordAudit(tx, actor, {
      action: 'promotion.code-batch',
      targetType: 'promotion',
      targetId: promotionId,
      after: { batchId: batch.id, count: input.count, prefix: input.prefix },
    });
    return batchAnswer(batch, 0);
  });
}

/** GET /api/admin/promotions/{id}/code-batches: newest first, each with its codes used. */
export async function listCodeBatches(db: Db, promotionId: string): Promise<CodeBatch[]> {
  assertPromotionId(promotionId);
  const [owner] = await db
    .select({ id: promotion.id })
    .from(promotion)
    .where(eq(promotion.id, promotionId));
  if (!owner) throw new NotFound(PROMOTION_NOT_FOUND_MESSAGE);
  const rows = await db
    .select({
      batch: promotionCodeBatch,
      used: sql<number>`(SELECT count(DISTINCT u.code_id)::int FROM promotion_code c
        JOIN promotion_use u ON u.code_id = c.id AND u.released_at IS NULL
        WHERE c.batch_id = promotion_code_batch.id)`,
    })
    .from(promotionCodeBatch)
    .where(eq(promotionCodeBatch.promotionId, promotionId))
    .orderBy(desc(promotionCodeBatch.createdAt), desc(promotionCodeBatch.id));
  return rows.map(({ batch, used }) => batchAnswer(batch, used));
}

/** The batch of the promotion, or 404. */
export async function assertBatch(db: Queryable, promotionId: string, batchId: string) {
  assertPromotionId(promotionId);
  if (!IdSchema.safeParse(batchId).success) throw new NotFound(CODE_BATCH_NOT_FOUND_MESSAGE);
  const [row] = await db
    .select({ id: promotionCodeBatch.id })
    .from(promotionCodeBatch)
    .where(
      and(eq(promotionCodeBatch.id, batchId), eq(promotionCodeBatch.promotionId, promotionId)),
    );
  if (!row) throw new NotFound(CODE_BATCH_NOT_FOUND_MESSAGE);
}

const CSV_PAGE = 1000;

/** The batch's codes for its CSV (Code, Used: yes or no), a page at a time in code order. */
export async function* batchCodeRows(db: Db, batchId: string): AsyncGenerator<CsvCell[][]> {
  let after = '';
  for (;;) {
    const rows = await db
      .select({
        code: promotionCode.code,
        used: sql<boolean>`EXISTS (SELECT FROM promotion_use u
          WHERE u.code_id = promotion_code.id AND u.released_at IS NULL)`,
      })
      .from(promotionCode)
      .where(and(eq(promotionCode.batchId, batchId), sql`${promotionCode.code} > ${after}`))
      .orderBy(asc(promotionCode.code))
      .limit(CSV_PAGE);
    if (rows.length > 0) yield rows.map((row) => [row.code, row.used ? 'yes' : 'no']);
    const last = rows.at(-1);
    if (rows.length < CSV_PAGE || last === undefined) return;
    after = last.code;
  }
}
