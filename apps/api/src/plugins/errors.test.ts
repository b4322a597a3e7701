import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './errors.ts';

describe('isDatabaseUnavailable', () => {
  it('knows timeouts, cancels, ended and refused connections, on both engines', () => {
    for (const code of [
      '57014',
      '55P03',
      '57P01',
      '57P03',
      '08006',
      '08001',
      '53300',
      'QUERY_TIMEOUT',
      'ECONNREFUSED',
      'SQLITE_BUSY',
      'SQLITE_BUSY_SNAPSHOT',
    ]) {
      expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code })), code).toBe(true);
    }
    for (const message of [
      'timeout exceeded when trying to connect',
      'Connection terminated unexpectedly',
      'Connection terminated due to connection timeout',
      'Query read timeout',
    ]) {
      expect(isDatabaseUnavailable(new Error(message)), message).toBe(true);
    }
    expect(
      isDatabaseUnavailable(
        new Error('wrapped', { cause: Object.assign(new Error('x'), { code: '57014' }) }),
      ),
    ).toBe(true);
  });

  it('leaves real faults to be 500s', () => {
    for (const code of ['23505', '42P01', '42703', 'SQLITE_CONSTRAINT', undefined]) {
      expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code })), String(code)).toBe(false);
    }
    expect(isDatabaseUnavailable(new TypeError('Cannot read properties of undefined'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
