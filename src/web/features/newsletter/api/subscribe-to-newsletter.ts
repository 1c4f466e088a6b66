import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { NewsletterResponseSchema, type NewsletterBodySchema } from '../../../../shared/contact.ts';
import { apiClient } from '../../../lib/api-client.ts';

export type NewsletterSubscription = z.output<typeof NewsletterBodySchema>;

export function subscribeToNewsletter(body: NewsletterSubscription) {
  return apiClient.post(apiPaths.newsletter, body, NewsletterResponseSchema);
}

export function useSubscribeToNewsletter() {
  return useMutation({ mutationFn: subscribeToNewsletter });
}
