import { z } from 'zod';
import { singleLineText } from './text.ts';

// The audit log screen's contract (GET /api/audit, GET /api/audit.csv).

export const AUDIT_PAGE_SIZE = 50;
/** The CSV export's cap: a bigger log is exported a date range at a time. */
export const AUDIT_EXPORT_MAX_ROWS = 100_000;

const isoDate = z.iso.date({ error: 'Use a date like 2026-11-26' });

/** Filters: actor e-mail (part of it), action (exact), from/to (UTC days, both included). */
export const AuditQuerySchema = z.object({
  actor: singleLineText('Actor').max(200).optional(),
  action: singleLineText('Action').max(80).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type AuditQuery = z.input<typeof AuditQuerySchema>;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  actorEmail: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = z.object({
  entries: z.array(AuditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Every action the log holds, for the filter's list. */
  actions: z.array(z.string()),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;

export const AUDIT_EXPORT_COLUMNS = [
  'When',
  'Actor',
  'Action',
  'Target type',
  'Target',
  'Before',
  'After',
] as const;
