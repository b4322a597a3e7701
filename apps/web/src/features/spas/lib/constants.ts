// Spec section 9's numbers for the spa pages, from the contract's zod-free module.
export { DEFAULT_RADIUS_KM, RADIUS_OPTIONS, SPA_PAGE_SIZE } from '@spajobs/contract/constants';
