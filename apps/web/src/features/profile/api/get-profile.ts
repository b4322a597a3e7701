import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@spajobs/contract/user';
import { apiRequest } from '../../../lib/api-client';
import { ACCOUNT_QUERY_KEY } from '../../../lib/session';

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/**
 * The profile as the screens use it (spec section 3): skills always a list
 * (a comma-separated string is split), missing texts as null.
 */
export function normalizeProfile(raw: unknown): Profile {
  const body = (raw ?? {}) as Record<string, unknown>;
  const u = ((body.user ?? body.data ?? body) as Record<string, unknown>) ?? {};
  const skills = Array.isArray(u.skills)
    ? u.skills.filter((s): s is string => typeof s === 'string')
    : typeof u.skills === 'string'
      ? u.skills.split(',')
      : [];
  return {
    _id: String(u._id ?? ''),
    role: text(u.role) ?? 'user',
    firstname: text(u.firstname) ?? text(u.firstName) ?? '',
    lastname: text(u.lastname) ?? text(u.lastName) ?? '',
    email: text(u.email) ?? '',
    phone: text(u.phone) ?? '',
    gender: text(u.gender),
    dob: text(u.dob),
    qualification: text(u.qualification),
    experience: text(u.experience),
    skills: skills.map((s) => s.trim()).filter(Boolean),
    address: text(u.address),
    profileimage: text(u.profileimage) ?? text(u.profilePhoto),
    resume: text(u.resume),
  };
}

/** GET /users/profile (bearer). */
export async function getProfile(signal?: AbortSignal): Promise<Profile> {
  return normalizeProfile(await apiRequest<unknown>('/users/profile', { signal }));
}

export const profileQueryKey = [...ACCOUNT_QUERY_KEY, 'profile'] as const;

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => getProfile(signal),
  });

export function useProfile(options: { enabled?: boolean } = {}) {
  return useQuery({ ...profileQueryOptions(), ...options });
}
