import { apiPaths } from '../../../../shared/api-paths.ts';
import { TestConfirmResponseSchema, type TestConfirmBody } from '../../../../shared/payment.ts';
import { apiClient, ClientErrorCode, isApiError } from '../../../lib/api-client.ts';
import type { CardConfirmation } from '../lib/card-payment.ts';
import { CARD_GENERIC_MESSAGE, CARD_NETWORK_MESSAGE } from '../lib/messages.ts';

/** A refusal (402, the provider's message) or a bad request (400) explains itself. */
function cardFailureMessage(error: unknown): string {
  if (!isApiError(error)) return CARD_GENERIC_MESSAGE;
  if (error.code === ClientErrorCode.Network) return CARD_NETWORK_MESSAGE;
  return error.status >= 400 && error.status < 500 ? error.message : CARD_GENERIC_MESSAGE;
}

/**
 * POST /api/test-processor/confirm: the built-in test-mode processor confirms the card as the
 * card provider would; a refusal answers in the provider's shape, whose message is shown as it
 * is. The card travels in the body only; it is never logged or kept.
 */
export async function confirmTestPayment(body: TestConfirmBody): Promise<CardConfirmation> {
  try {
    const { paymentIntent } = await apiClient.post(
      apiPaths.testProcessorConfirm,
      body,
      TestConfirmResponseSchema,
    );
    return { ok: true, paymentIntentId: paymentIntent.id };
  } catch (error) {
    return { ok: false, message: cardFailureMessage(error) };
  }
}
