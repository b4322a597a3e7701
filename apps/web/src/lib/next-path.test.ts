import { describe, expect, it } from 'vitest';
import { loginUrl, safeNextPath } from './next-path';

describe('safeNextPath', () => {
  it('keeps a path on this site, with its query and hash', () => {
    expect(safeNextPath('/job/42?apply=1')).toBe('/job/42?apply=1');
    expect(safeNextPath('/spa/3/job/9#apply')).toBe('/spa/3/job/9#apply');
    expect(safeNextPath('/candidate/dashboard')).toBe('/candidate/dashboard');
  });

  it('refuses anything that could lead to another site or run a script', () => {
    for (const raw of [
      'https://evil.example/job/1',
      '//evil.example/job/1',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      ' /job/1',
      '/job/1\n',
      'job/1',
      '',
      null,
      undefined,
      `/${'a'.repeat(2001)}`,
    ]) {
      expect(safeNextPath(raw), String(raw)).toBeNull();
    }
  });

  it('does not come back to sign-in or registration', () => {
    expect(safeNextPath('/login')).toBeNull();
    expect(safeNextPath('/register?next=/job/1')).toBeNull();
    expect(safeNextPath('/login-help')).toBe('/login-help');
  });

  it('builds the sign-in link that returns to the page', () => {
    expect(loginUrl('/job/42?apply=1')).toBe('/login?next=%2Fjob%2F42%3Fapply%3D1');
    expect(loginUrl('//evil.example')).toBe('/login');
    expect(loginUrl('/job/1', '/register')).toBe('/register?next=%2Fjob%2F1');
  });
});
