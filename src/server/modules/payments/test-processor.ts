import { randomBytes } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CardErrors,
  TEST_CARDS,
  type CardErrorResponseSchema,
  type TestConfirmBody,
  type TestConfirmResponseSchema,
} from '../../../shared/payment.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { paymentIntent } from '../../db/schema.ts';
import type { PaymentProvider } from './payment-provider.ts';

/*
 * The built-in test-mode processor: behaves like Stripe in test mode for its documented test cards,
 * with no keys and no network. Its intents are the payment_intent rows themselves. It never keeps
 * or logs a card number: only the brand and the last four digits of a successful card.
 */

type CardError = (typeof CardErrors)[keyof typeof CardErrors];
export type TestConfirmResult =
  | { status: 200; body: z.infer<typeof TestConfirmResponseSchema> }
  | { status: 400 | 402 | 404; body: z.infer<typeof CardErrorResponseSchema> };

const UNKNOWN_SECRET = {
  code: 'resource_missing',
  message: 'No such payment_intent: the client secret is not valid.',
};
const ALREADY_REFUNDED = {
  code: 'payment_intent_unexpected_state',
  message: 'This payment has been refunded and cannot be confirmed again.',
};

// Stripe's answer to confirming a canceled intent.
const CANCELED = {
  code: 'payment_intent_unexpected_state',
  message: 'You cannot confirm this PaymentIntent because it has a status of canceled.',
};

const token = (bytes: number) => randomBytes(bytes).toString('base64url');

export function createTestProvider(db: Db): PaymentProvider {
  return {
    name: 'test',
    // Stored by the caller (insert-or-select, one open per checkout); an id that loses that race is unused.
    createIntent() {
      const intentId = `pi_test_${token(18)}`;
      return Promise.resolve({ intentId, clientSecret: `${intentId}_secret_${token(24)}` });
    },
    async retrieveIntent(intentId) {
      const [row] = await db
        .select()
        .from(paymentIntent)
        .where(and(eq(paymentIntent.id, intentId), eq(paymentIntent.provider, 'test')));
      if (!row) return null;
      return {
        id: row.id,
        // As at Stripe, a refunded intent stays succeeded (the refund is a separate object).
        status: row.status === 'refunded' ? 'succeeded' : row.status,
        amountCents: row.amountCents,
        currency: row.currency,
        checkoutId: row.checkoutId,
      };
    },
    async refund(intentId, part) {
      // A partial refund leaves the intent succeeded, as at Stripe; our refund record keeps it.
      if (part) {
        const [row] = await db
          .select({ status: paymentIntent.status, amountCents: paymentIntent.amountCents })
          .from(paymentIntent)
          .where(and(eq(paymentIntent.id, intentId), eq(paymentIntent.provider, 'test')));
        if (row?.status !== 'succeeded' || part.amountCents > row.amountCents)
          throw new Error(`test processor: cannot refund ${part.amountCents} of ${intentId}`);
        return;
      }
      await markRefunded(db, intentId);
    },
    async findRefund() {
      // A partial refund here moves no money and leaves no record: its call never ends
      // ambiguously (it is in-process), so a pending one was never made.
      return null;
    },
    async cancelIntent(intentId) {
      // The row is the intent: the lifecycle usually canceled it already, with the order.
      await db
        .update(paymentIntent)
        .set({ status: 'canceled', updatedAt: sql`now()` })
        .where(
          and(eq(paymentIntent.id, intentId), eq(paymentIntent.status, 'requires_payment_method')),
        );
    },
  };
}

/** Records a refund once (the refunded_at of the first); a second call changes nothing. */
export async function markRefunded(db: Queryable, intentId: string): Promise<void> {
  await db
    .update(paymentIntent)
    .set({ status: 'refunded', refundedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(paymentIntent.id, intentId), ne(paymentIntent.status, 'refunded')));
}

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function brandOf(digits: string): string {
  if (/^3[47]/.test(digits)) return 'amex';
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^(6011|65)/.test(digits)) return 'discover';
  return 'unknown';
}

/** What Stripe's test mode would say about this card, in its order: number, expiry, CVC, issuer. */
export function checkTestCard(card: TestConfirmBody['card'], now = new Date()): CardError | null {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) return CardErrors.invalidNumber;
  if (card.expMonth < 1 || card.expMonth > 12) return CardErrors.invalidExpiryMonth;
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const thisYear = now.getUTCFullYear();
  if (year < thisYear || (year === thisYear && card.expMonth < now.getUTCMonth() + 1))
    return CardErrors.expired;
  const cvcLength = brandOf(digits) === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc)) return CardErrors.invalidCvc;
  if (digits === TEST_CARDS.declined) return CardErrors.declined;
  if (digits === TEST_CARDS.insufficientFunds) return CardErrors.insufficientFunds;
  return null;
}

/**
 * POST /api/test-processor/confirm: the client secret is the credential, as at the provider. A
 * failed card leaves the intent unpaid (the customer may retry); a success marks the INTENT
 * succeeded, never the order: the client then asks us to verify it (PATCH /api/purchase/{id}).
 */
export async function confirmTestPayment(
  db: Db,
  body: TestConfirmBody,
): Promise<TestConfirmResult> {
  const [row] = await db
    .select()
    .from(paymentIntent)
    .where(
      and(eq(paymentIntent.clientSecret, body.clientSecret), eq(paymentIntent.provider, 'test')),
    );
  if (!row) return { status: 404, body: { error: UNKNOWN_SECRET } };
  const succeeded = () => ({
    status: 200 as const,
    body: { paymentIntent: { id: row.id, status: 'succeeded' as const, amount: row.amountCents } },
  });
  if (row.status === 'succeeded') return succeeded();
  if (row.status === 'refunded') return { status: 400, body: { error: ALREADY_REFUNDED } };
  if (row.status === 'canceled') return { status: 400, body: { error: CANCELED } };

  const problem = checkTestCard(body.card);
  if (problem) {
    await db
      .update(paymentIntent)
      .set({ lastErrorCode: problem.code, updatedAt: sql`now()` })
      .where(
        and(eq(paymentIntent.id, row.id), eq(paymentIntent.status, 'requires_payment_method')),
      );
    return { status: 402, body: { error: { code: problem.code, message: problem.message } } };
  }
  const digits = body.card.number.replace(/[\s-]/g, '');
  const [confirmed] = await db
    .update(paymentIntent)
    .set({
      status: 'succeeded',
      lastErrorCode: null,
      cardBrand: brandOf(digits),
      cardLast4: digits.slice(-4),
      updatedAt: sql`now()`,
    })
    .where(and(eq(paymentIntent.id, row.id), eq(paymentIntent.status, 'requires_payment_method')))
    .returning({ id: paymentIntent.id });
  if (confirmed) return succeeded();
  // Another confirmation of the same intent got there first: answer as it did.
  return confirmTestPayment(db, body);
}
