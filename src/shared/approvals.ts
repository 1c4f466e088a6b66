import { z } from 'zod';
import { PurchaseSchema } from './purchase.ts';
import { singleLineText } from './text.ts';

// Approvals (issue 37, docs/decisions/059): a company member's checkout above their spending limit
// is placed awaiting approval (stock held, and credit reserved when on account); an approver or
// admin of the company approves or rejects it with a reason. States of the order lifecycle.

export const approvalPaths = {
  approvals: '/api/approvals',
  approve: (checkoutId: string) => `/api/approvals/${encodeURIComponent(checkoutId)}/approve`,
  reject: (checkoutId: string) => `/api/approvals/${encodeURIComponent(checkoutId)}/reject`,
} as const;

/** A checkout's approval: none needed, awaiting, approved or rejected. */
export const APPROVAL_STATES = ['none', 'awaiting', 'approved', 'rejected'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

export const APPROVAL_NOT_FOUND_MESSAGE = 'Approval not found';
export const OWN_ORDER_APPROVAL_MESSAGE = 'You cannot approve your own order';
export const ABOVE_OWN_LIMIT_MESSAGE = 'This order is above your own order limit';
export const REJECT_REASON_REQUIRED = 'Reason is required';
/** The checkout's answer when it was placed awaiting approval. */
export const AWAITING_APPROVAL_MESSAGE =
  'Your order is above your spending limit and waits for approval. We will e-mail you.';

export const ApprovalParamsSchema = z.object({
  checkoutId: singleLineText('Checkout id', { keepSpaces: true }).max(100),
});
export const RejectBodySchema = z.object({
  reason: singleLineText('Reason', { required: REJECT_REASON_REQUIRED }).max(
    500,
    'Reason must be at most 500 characters',
  ),
});

export const ApprovalSchema = z.object({
  checkoutId: z.string(),
  checkoutNumber: z.number().int(),
  buyer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  paymentMethod: z.enum(['card', 'account']),
  poReference: z.string().nullable(),
  total: z.number(),
  /** Why it waits: "order" (above the per-order limit) or "month" (above the monthly one). */
  placedAt: z.string(),
  holdExpiresAt: z.string().nullable(),
  lines: z.array(
    z.object({
      orderId: z.string(),
      productName: z.string(),
      sku: z.string(),
      quantity: z.number().int(),
      amount: z.number(),
    }),
  ),
  /** False when the caller may not approve it (their own, or above their own order limit). */
  canApprove: z.boolean(),
});
export type Approval = z.infer<typeof ApprovalSchema>;
export const ApprovalListSchema = z.object({ approvals: z.array(ApprovalSchema) });

/** A decision's refusal once the checkout was approved, rejected, cancelled or expired meanwhile. */
export const NOT_AWAITING_APPROVAL_MESSAGE = 'This order is no longer awaiting approval';

/** POST /api/approvals/{checkoutId}/approve and /reject: the checkout's orders as decided. */
export const ApprovalDecisionSchema = z.object({
  checkoutId: z.string(),
  approval: z.enum(['approved', 'rejected']),
  /** An on-account checkout approved: its invoice ("INV-000042"); else null. */
  invoiceNumber: z.string().nullable(),
  orders: z.array(PurchaseSchema),
});
export type ApprovalDecision = z.infer<typeof ApprovalDecisionSchema>;

/** GET /api/companies/{id}/orders: the company's orders, newest first, a page at a time. */
export const COMPANY_ORDERS_PAGE_SIZE = 50;
export const CompanyOrdersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export const CompanyOrderPageSchema = z.object({
  orders: z.array(PurchaseSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type CompanyOrderPage = z.infer<typeof CompanyOrderPageSchema>;
