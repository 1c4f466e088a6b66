import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ErrorCode } from '../../../shared/errors.ts';
import { IdSchema } from '../../../shared/ids.ts';
import {
  CERTIFICATE_TYPE_MESSAGE,
  EXEMPTION_NO_DOCUMENT_MESSAGE,
  EXEMPTION_NOT_FOUND_MESSAGE,
  EXEMPTION_PENDING_MESSAGE,
  exemptionNote,
  exemptionReviewedMessage,
  type CertificateMediaType,
  type RejectExemptionBodySchema,
  type TaxExemption,
  type TaxExemptionKind,
  type TaxExemptionStatus,
  type VatNumberBodySchema,
} from '../../../shared/tax-exemption.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { taxExemption, user } from '../../db/schema.ts';
import { AppError, Conflict, NotFound } from '../../errors.ts';
import { recordAudit } from '../audit/index.ts';
import type { AuthUser } from '../auth/index.ts';
import { enqueue } from '../outbox/index.ts';
import { certificateFileName, certificateMediaType } from './certificate-file.ts';
import { taxExemptionMailJob, type TaxExemptionMail } from './tax-exemption-mails.ts';

type Actor = Pick<AuthUser, 'id' | 'email'>;

export class UnsupportedCertificate extends AppError {
  constructor() {
    super(415, ErrorCode.UnsupportedMediaType, CERTIFICATE_TYPE_MESSAGE);
  }
}

const columns = {
  id: taxExemption.id,
  kind: taxExemption.kind,
  customerEmail: user.email,
  customerName: user.name,
  vatNumber: taxExemption.vatNumber,
  country: taxExemption.country,
  documentName: taxExemption.documentName,
  documentType: taxExemption.documentType,
  status: taxExemption.status,
  reason: taxExemption.reason,
  reviewedAt: taxExemption.reviewedAt,
  createdAt: taxExemption.createdAt,
};

/** Requests with their customer; the document's size only, never its bytes. */
const selectExemptions = (db: Queryable) =>
  db
    .select({
      ...columns,
      documentBytes: sql<number | null>`octet_length(${taxExemption.document})`.mapWith(Number),
    })
    .from(taxExemption)
    .innerJoin(user, eq(user.id, taxExemption.userId));

function toExemption(row: {
  id: string;
  kind: TaxExemptionKind;
  customerEmail: string;
  customerName: string;
  vatNumber: string | null;
  country: string | null;
  documentName: string | null;
  documentType: CertificateMediaType | null;
  documentBytes: number | null;
  status: TaxExemptionStatus;
  reason: string | null;
  reviewedAt: Date | null;
  createdAt: Date;
}): TaxExemption {
  return {
    _id: row.id,
    kind: row.kind,
    customerEmail: row.customerEmail,
    customerName: row.customerName,
    vatNumber: row.vatNumber,
    country: row.country,
    documentName: row.documentName,
    documentType: row.documentType,
    documentBytes: row.documentBytes,
    status: row.status,
    reason: row.reason,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    note: row.status === 'approved' && row.reviewedAt ? exemptionNote(row, row.reviewedAt) : null,
  };
}

const isId = (id: string) => IdSchema.safeParse(id).success;

async function findExemption(db: Queryable, id: string): Promise<TaxExemption> {
  if (!isId(id)) throw new NotFound(EXEMPTION_NOT_FOUND_MESSAGE);
  const [row] = await selectExemptions(db).where(eq(taxExemption.id, id));
  if (!row) throw new NotFound(EXEMPTION_NOT_FOUND_MESSAGE);
  return toExemption(row);
}

/** A new pending request, or 409 when the account already has one waiting (the unique index). */
async function insertRequest(
  db: Db,
  caller: Actor,
  values: Omit<typeof taxExemption.$inferInsert, 'userId' | 'status'>,
): Promise<TaxExemption> {
  const [created] = await db
    .insert(taxExemption)
    .values({ ...values, userId: caller.id })
    .onConflictDoNothing()
    .returning({ id: taxExemption.id });
  if (!created) throw new Conflict(EXEMPTION_PENDING_MESSAGE);
  return findExemption(db, created.id);
}

/**
 * POST /api/tax-exemptions with a file: a resale or exemption certificate, a PDF or an image as
 * its bytes say (415 otherwise), kept as uploaded for staff to read.
 */
export async function requestCertificate(
  db: Db,
  caller: Actor,
  file: { bytes: Buffer; fileName: string | undefined },
): Promise<TaxExemption> {
  const type = await certificateMediaType(file.bytes);
  if (!type) throw new UnsupportedCertificate();
  return insertRequest(db, caller, {
    kind: 'certificate',
    document: file.bytes,
    documentType: type,
    documentName: certificateFileName(file.fileName, type),
  });
}

/** POST /api/tax-exemptions as JSON: a VAT number for reverse charge (its format checked). */
export async function requestVatNumber(
  db: Db,
  caller: Actor,
  body: z.output<typeof VatNumberBodySchema>,
): Promise<TaxExemption> {
  const country = body.vatNumber.startsWith('EL')
    ? 'GR'
    : body.vatNumber.startsWith('XI')
      ? 'GB'
      : body.vatNumber.slice(0, 2);
  return insertRequest(db, caller, { kind: 'vat_number', vatNumber: body.vatNumber, country });
}

/** GET /api/tax-exemptions/mine: the caller's requests, newest first. */
export async function myExemptions(db: Db, caller: Actor): Promise<TaxExemption[]> {
  const rows = await selectExemptions(db)
    .where(eq(taxExemption.userId, caller.id))
    .orderBy(desc(taxExemption.createdAt));
  return rows.map(toExemption);
}

/** The staff list's length: a review queue, not an archive. */
export const STAFF_LIST_MAX = 500;

/** GET /api/admin/tax-exemptions: every customer's requests (of one status), newest first. */
export async function listExemptions(
  db: Db,
  status: TaxExemptionStatus | undefined,
): Promise<TaxExemption[]> {
  const rows = await selectExemptions(db)
    .where(status === undefined ? undefined : eq(taxExemption.status, status))
    .orderBy(desc(taxExemption.createdAt))
    .limit(STAFF_LIST_MAX);
  return rows.map(toExemption);
}

/** GET /api/admin/tax-exemptions/{id}/document: the certificate's bytes, type and name. */
export async function exemptionDocument(
  db: Db,
  id: string,
): Promise<{ bytes: Buffer; type: CertificateMediaType; name: string }> {
  if (!isId(id)) throw new NotFound(EXEMPTION_NOT_FOUND_MESSAGE);
  const [row] = await db
    .select({
      bytes: taxExemption.document,
      type: taxExemption.documentType,
      name: taxExemption.documentName,
    })
    .from(taxExemption)
    .where(eq(taxExemption.id, id));
  if (!row) throw new NotFound(EXEMPTION_NOT_FOUND_MESSAGE);
  if (!row.bytes || !row.type) throw new NotFound(EXEMPTION_NO_DOCUMENT_MESSAGE);
  return { bytes: row.bytes, type: row.type, name: row.name ?? 'certificate' };
}

/**
 * Decides a pending request in one transaction: its row locked (a request decided meanwhile is a
 * 409), the change, the audit record and the customer's mail commit together.
 */
async function decide(
  db: Db,
  actor: Actor,
  id: string,
  decision: TaxExemptionMail['decision'],
  reason: string | null,
): Promise<TaxExemption> {
  if (!isId(id)) throw new NotFound(EXEMPTION_NOT_FOUND_MESSAGE);
  const decided = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        userId: taxExemption.userId,
        status: taxExemption.status,
        kind: taxExemption.kind,
        vatNumber: taxExemption.vatNumber,
      })
      .from(taxExemption)
      .where(eq(taxExemption.id, id))
      .for('update');
    if (!row) throw new NotFound(EXEMPTION_NOT_FOUND_MESSAGE);
    if (row.status !== 'pending') throw new Conflict(exemptionReviewedMessage(row.status));
    // A newer approval replaces the exemption in force (one approved per account).
    const replaced =
      decision === 'approved'
        ? await tx
            .update(taxExemption)
            .set({ status: 'replaced' })
            .where(
              and(
                eq(taxExemption.userId, row.userId),
                eq(taxExemption.status, 'approved'),
                ne(taxExemption.id, id),
              ),
            )
            .returning({ id: taxExemption.id })
        : [];
    await tx
      .update(taxExemption)
      .set({ status: decision, reason, reviewedBy: actor.id, reviewedAt: new Date() })
      .where(eq(taxExemption.id, id));
    await recordAudit(tx, actor, {
      action: decision === 'approved' ? 'tax-exemption.approve' : 'tax-exemption.reject',
      targetType: 'tax-exemption',
      targetId: id,
      before: { status: 'pending', kind: row.kind, vatNumber: row.vatNumber },
      after: {
        status: decision,
        ...(reason === null ? {} : { reason }),
        ...(replaced.length > 0 ? { replaced: replaced.map((old) => old.id) } : {}),
      },
    });
    await enqueue(
      tx,
      taxExemptionMailJob,
      { exemptionId: id, decision },
      `tax-exemption-mail:${id}:${decision}`,
    );
    return findExemption(tx, id);
  });
  return decided;
}

/** POST /api/admin/tax-exemptions/{id}/approve: in force from now; the customer is told. */
export const approveExemption = (db: Db, actor: Actor, id: string) =>
  decide(db, actor, id, 'approved', null);

/** POST /api/admin/tax-exemptions/{id}/reject: with the reason the customer is told. */
export const rejectExemption = (
  db: Db,
  actor: Actor,
  id: string,
  body: z.output<typeof RejectExemptionBodySchema>,
) => decide(db, actor, id, 'rejected', body.reason);

/** An account's exemption in force, as the pricing step applies it and documents print it. */
export interface ApprovedExemption {
  kind: TaxExemptionKind;
  /** "Tax exempt: resale certificate on file (approved 2026-11-29)" / "Reverse charge: VAT number DE123456789". */
  note: string;
  /** `vat_number`: the number's country (ISO; EL is GR, XI is GB); `certificate`: null. */
  country: string | null;
}

/**
 * The account's approved exemption, or null: one lookup by the partial unique index
 * `tax_exemption_one_approved` (user_id WHERE status = 'approved'). For the pricing step.
 */
export async function approvedExemption(
  db: Queryable,
  userId: string,
): Promise<ApprovedExemption | null> {
  const [row] = await db
    .select({
      kind: taxExemption.kind,
      vatNumber: taxExemption.vatNumber,
      country: taxExemption.country,
      reviewedAt: taxExemption.reviewedAt,
    })
    .from(taxExemption)
    .where(and(eq(taxExemption.userId, userId), eq(taxExemption.status, 'approved')));
  if (!row) return null;
  return {
    kind: row.kind,
    note: exemptionNote(row, row.reviewedAt ?? new Date()),
    country: row.kind === 'vat_number' ? row.country : null,
  };
}
