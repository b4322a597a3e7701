import { describe, expect, it } from 'vitest';
import * as contract from '@spajobs/contract/common';
import { DEFAULT_RADIUS_KM, RADIUS_OPTIONS, SPA_PAGE_SIZE } from './constants';

describe('spa constants', () => {
  it('are the contract’s', () => {
    expect(RADIUS_OPTIONS).toEqual(contract.RADIUS_OPTIONS);
    expect(DEFAULT_RADIUS_KM).toBe(contract.DEFAULT_RADIUS_KM);
    expect(SPA_PAGE_SIZE).toBe(contract.SPA_PAGE_SIZE);
  });
});
