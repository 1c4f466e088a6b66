import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { ContactResponseSchema, type ContactBodySchema } from '../../../../shared/contact.ts';
import { apiClient } from '../../../lib/api-client.ts';

export type ContactMessage = z.output<typeof ContactBodySchema>;

export function sendContactMessage(body: ContactMessage) {
  return apiClient.post(apiPaths.contact, body, ContactResponseSchema);
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
