import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountPayload } from '@spajobs/contract/user';
import { apiRequest } from '../../../lib/api-client';

/** DELETE /users/profile (bearer): deletes the account, its files and personal data. */
export function deleteAccount(payload: DeleteAccountPayload) {
  return apiRequest<{ success: true; message: string }>('/users/profile', {
    method: 'DELETE',
    body: payload,
  });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
