import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { stubFetch } from '../../../test/render-with-session';
import { OAuthNotAvailableError, startOAuth } from './oauth-start';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('startOAuth', () => {
  it("sends the browser to the API's start address of a configured provider", async () => {
    const fetch = stubFetch({ status: 200, body: { google: true, facebook: false } });
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    await startOAuth('google');
    expect((fetch.mock.calls[0] as unknown as [string])[0]).toBe('/api/v1/auth/providers');
    expect(assign).toHaveBeenCalledWith('/api/v1/auth/google/start');
  });

  it('refuses a provider the server is not configured for as not available', async () => {
    stubFetch({ status: 200, body: { google: true, facebook: false } });
    await expect(startOAuth('facebook')).rejects.toBeInstanceOf(OAuthNotAvailableError);
  });

  it('fails as a network error when the API cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const err = await startOAuth('google').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).isNetwork).toBe(true);
  });
});
