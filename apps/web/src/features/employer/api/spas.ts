import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MySpa, SpaPayload } from '@spajobs/contract/employer';
import { apiRequest } from '../../../lib/api-client';
import { ACCOUNT_QUERY_KEY } from '../../../lib/session';

export const mySpasKey = [...ACCOUNT_QUERY_KEY, 'employer', 'spas'] as const;

/** GET /employer/spas */
export const useMySpas = () =>
  useQuery({
    queryKey: mySpasKey,
    queryFn: ({ signal }) => apiRequest<{ data: MySpa[] }>('/employer/spas', { signal }).then((r) => r.data),
  });

/** POST /employer/spas */
export function useCreateSpa() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SpaPayload) =>
      apiRequest<{ spaId: string }>('/employer/spas', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: mySpasKey }),
  });
}

/** GET /geo/place: a city's coordinates from the offline gazetteer. */
export const findPlace = (city: string, state: string) =>
  apiRequest<{ lat: number; lng: number }>('/geo/place', { query: { city, state }, auth: false });

/** POST /employer/spas/:id/members: the owner adds another employer account. */
export function useAddMember(spaId: string) {
  return useMutation({
    mutationFn: (body: { login: string }) =>
      apiRequest(`/employer/spas/${spaId}/members`, { method: 'POST', body }),
  });
}

/** POST /employer/spas/:id/claim */
export function useClaimSpa() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (spaId: string) => apiRequest(`/employer/spas/${spaId}/claim`, { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: mySpasKey }),
  });
}

type SpaPictures = Pick<MySpa, 'logo' | 'galleryImages'> & { message: string };

/** POST /employer/spas/:id/logo and /gallery (multipart), DELETE /employer/spas/:id/gallery?image= */
export function useSpaPictures(spaId: string) {
  const qc = useQueryClient();
  const keep = (r: SpaPictures) => {
    qc.setQueryData<MySpa[]>(mySpasKey, (spas) =>
      spas?.map((s) => (s._id === spaId ? { ...s, logo: r.logo, galleryImages: r.galleryImages } : s)),
    );
  };
  const upload = (what: 'logo' | 'gallery', file: File) => {
    const body = new FormData();
    body.append(what === 'logo' ? 'logo' : 'image', file);
    return apiRequest<SpaPictures>(`/employer/spas/${spaId}/${what}`, { method: 'POST', body });
  };
  return {
    upload: useMutation({
      mutationFn: ({ what, file }: { what: 'logo' | 'gallery'; file: File }) => upload(what, file),
      onSuccess: keep,
    }),
    remove: useMutation({
      mutationFn: (image: string) =>
        apiRequest<SpaPictures>(`/employer/spas/${spaId}/gallery`, { method: 'DELETE', query: { image } }),
      onSuccess: keep,
    }),
  };
}
