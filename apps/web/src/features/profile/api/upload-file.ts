import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@spajobs/contract/user';
import { apiRequest } from '../../../lib/api-client';
import { profileQueryKey } from './get-profile';

export type UploadKind = 'profileimage' | 'resume';

/** POST /users/upload (bearer), multipart with one field, `profileimage` or `resume`; answers the stored path. */
export async function uploadFile(
  kind: UploadKind,
  file: File,
): Promise<{ path: string | null; message?: string }> {
  const body = new FormData();
  body.append(kind, file);
  const data = await apiRequest<{ message?: string; profileimage?: string; resume?: string }>(
    '/users/upload',
    { method: 'POST', body },
  );
  return { path: data?.[kind] ?? null, message: data?.message };
}

export function useUploadFile(kind: UploadKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadFile(kind, file),
    onSuccess: ({ path }) => {
      if (!path) return void queryClient.invalidateQueries({ queryKey: profileQueryKey });
      queryClient.setQueryData<Profile>(profileQueryKey, (p) => (p ? { ...p, [kind]: path } : p));
    },
  });
}
