import { useMutation } from '@tanstack/react-query';
import { QuoteSchema, quotePaths, type QuoteRequestBody } from '../../../../shared/quote.ts';
import { apiClient } from '../../../lib/api-client.ts';

/** POST /api/quotes: a request for a quote (201); 400 with `fields` for a bad quantity or price. */
export function requestQuote(body: QuoteRequestBody) {
  return apiClient.post(quotePaths.quotes, body, QuoteSchema);
}

export function useRequestQuote() {
  return useMutation({ mutationFn: requestQuote });
}
