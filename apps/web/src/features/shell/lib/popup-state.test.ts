import { describe, expect, it } from 'vitest';
import { popupMode } from './popup-state';

describe('popupMode', () => {
  it('never opens over applying, signing in or up, or account pages', () => {
    for (const path of [
      '/apply/12',
      '/guest/apply/12',
      '/thank-you',
      '/login',
      '/register',
      '/forgot-password',
      '/reset-password',
      '/candidate/dashboard',
      '/dashboard',
      '/edit-profile',
      '/applications',
    ]) {
      expect(popupMode(path, false), path).toBe('none');
      expect(popupMode(path, true), path).toBe('none');
    }
  });

  it('on a phone, never over a job page, and only as a small sheet elsewhere', () => {
    expect(popupMode('/job/12', true)).toBe('none');
    expect(popupMode('/spa/3/job/12', true)).toBe('none');
    expect(popupMode('/', true)).toBe('sheet');
    expect(popupMode('/jobs', true)).toBe('sheet');
  });

  it('keeps the spec’s dialog on ordinary pages of a wide screen', () => {
    expect(popupMode('/', false)).toBe('dialog');
    expect(popupMode('/job/12', false)).toBe('dialog');
    expect(popupMode('/spas', false)).toBe('dialog');
  });
});
