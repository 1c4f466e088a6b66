import { apiPaths } from '../../../../shared/api-paths.ts';
import {
  CardErrorResponseSchema,
  TestConfirmResponseSchema,
  type TestConfirmBody,
} from '../../../../shared/payment.ts';
import { getAccessToken } from '../../../lib/access-token.ts';
import type { CardConfirmation } from '../lib/card-payment.ts';
import { CARD_GENERIC_MESSAGE, CARD_NETWORK_MESSAGE } from '../lib/messages.ts';

async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

/** A 4xx in our usual `{ message }` shape (a bad request): its message explains it. */
function clientErrorMessage(status: number, body: unknown): string | undefined {
  if (status < 400 || status >= 500 || typeof body !== 'object' || body === null) return undefined;
  const { message } = body as { message?: unknown };
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}

/**
 * POST /api/test-processor/confirm: the built-in test-mode processor confirms the card as the
 * card provider would. A direct fetch, not the API client: a refusal (402) answers in the
 * provider's shape `{ error: { code, message } }`, whose message is shown as it is.
 * The card travels in the body only; it is never logged or kept.
 */
export async function confirmTestPayment(body: TestConfirmBody): Promise<CardConfirmation> {
  const headers = new Headers({ Accept: 'application/json', 'Content-Type': 'application/json' });
  const token = getAccessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let response: Response;
  try {
    response = await fetch(apiPaths.testProcessorConfirm, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    return { ok: false, message: CARD_NETWORK_MESSAGE };
  }
  const answer = await readJson(response);

  if (response.ok) {
    const confirmed = TestConfirmResponseSchema.safeParse(answer);
    return confirmed.success
      ? { ok: true, paymentIntentId: confirmed.data.paymentIntent.id }
      : { ok: false, message: CARD_GENERIC_MESSAGE };
  }
  const cardError = CardErrorResponseSchema.safeParse(answer);
  if (cardError.success) return { ok: false, message: cardError.data.error.message };
  return {
    ok: false,
    message: clientErrorMessage(response.status, answer) ?? CARD_GENERIC_MESSAGE,
  };
}
