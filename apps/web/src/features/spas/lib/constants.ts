/**
 * Spec section 9, as in @spajobs/contract/common. That module also builds zod
 * schemas, so importing it from a page would put zod into the page's first
 * load; constants.test.ts checks these stay equal to the contract's.
 */
export const RADIUS_OPTIONS = [5, 10, 20, 50, 100] as const;
export const DEFAULT_RADIUS_KM = 10;
export const SPA_PAGE_SIZE = 12;
