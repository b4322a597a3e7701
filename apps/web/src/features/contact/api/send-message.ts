import { useMutation } from '@tanstack/react-query';
import type { ContactPayload } from '@spajobs/contract/contact';
import { apiRequest } from '../../../lib/api-client';

export interface SendMessageResponse {
  success: true;
  message: string;
}

/** POST /messages/: a contact message from any visitor. */
export function sendMessage(payload: ContactPayload): Promise<SendMessageResponse> {
  return apiRequest<SendMessageResponse>('/messages/', { method: 'POST', body: payload, auth: false });
}

export function useSendMessage() {
  return useMutation({ mutationFn: sendMessage });
}
