import { and, asc, count, desc, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import {
  AUDIT_EXPORT_MAX_ROWS,
  AUDIT_PAGE_SIZE,
  type AuditEntry,
  type AuditPage,
  type AuditQuerySchema,
} from '../../../shared/audit.ts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import { Invalid } from '../../errors.ts';
import type { CsvCell } from '../csv/index.ts';

type Filters = z.output<typeof AuditQuerySchema>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

function whereOf({ actor, action, from, to }: Filters): SQL | undefined {
  if (from && to && from > to)
    throw new Invalid('"From" must not be after "To".', { from: 'After "To"' });
  return and(
    actor ? ilike(auditLog.actorEmail, `%${escapeLike(actor)}%`) : undefined,
    action ? eq(auditLog.action, action) : undefined,
    from ? gte(auditLog.createdAt, new Date(`${from}T00:00:00Z`)) : undefined,
    to ? lt(auditLog.createdAt, nextDay(to)) : undefined,
  );
}

type Row = typeof auditLog.$inferSelect;
const toEntry = (row: Row): AuditEntry => ({
  id: row.id,
  actorEmail: row.actorEmail,
  action: row.action,
  targetType: row.targetType,
  targetId: row.targetId,
  before: row.before,
  after: row.after,
  createdAt: row.createdAt.toISOString(),
});

/** GET /api/audit: one page of the log, newest first, with the filters applied. */
export async function listAudit(db: Db, filters: Filters): Promise<AuditPage> {
  const where = whereOf(filters);
  const [rows, [{ total } = { total: 0 }], actions] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((filters.page - 1) * AUDIT_PAGE_SIZE),
    db.select({ total: count() }).from(auditLog).where(where),
    db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(asc(auditLog.action)),
  ]);
  return {
    entries: rows.map(toEntry),
    total,
    page: filters.page,
    pageSize: AUDIT_PAGE_SIZE,
    actions: actions.map((a) => a.action),
  };
}

const json = (value: unknown): CsvCell => (value === null ? null : JSON.stringify(value));

/** GET /api/audit.csv: every matching entry (up to the cap), oldest first, a batch at a time. */
export async function* exportAudit(db: Db, filters: Filters): AsyncGenerator<CsvCell[][]> {
  const where = whereOf(filters);
  const batch = 1000;
  let lastId = 0;
  for (let sent = 0; sent < AUDIT_EXPORT_MAX_ROWS;) {
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(where, sql`${auditLog.id} > ${lastId}`))
      .orderBy(asc(auditLog.id))
      .limit(Math.min(batch, AUDIT_EXPORT_MAX_ROWS - sent));
    if (rows.length === 0) return;
    yield rows.map((row) => [
      row.createdAt.toISOString(),
      row.actorEmail,
      row.action,
      row.targetType,
      row.targetId,
      json(row.before),
      json(row.after),
    ]);
    sent += rows.length;
    lastId = rows.at(-1)?.id ?? lastId;
  }
}
