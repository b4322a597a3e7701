import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { profileUpdatePayload } from '@spajobs/contract/user';
import { apiRequest } from '../../../lib/api-client';
import { normalizeProfile, profileQueryKey } from './get-profile';

export type ProfileUpdate = z.output<typeof profileUpdatePayload>;

/** PUT /users/profile (bearer): answers "Profile updated successfully!" and the saved profile. */
export async function updateProfile(payload: ProfileUpdate) {
  const data = await apiRequest<{ message?: string; user?: unknown }>('/users/profile', {
    method: 'PUT',
    body: payload,
  });
  return { message: data?.message, profile: normalizeProfile(data?.user ?? data) };
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ profile }) => queryClient.setQueryData(profileQueryKey, profile),
  });
}
