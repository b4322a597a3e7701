/** Spec section 2 and 9: 3 s a slide, 0.8 s transition; 3, 2 or 1 slides at 1024, 768 and 480 px and wider. */
export const SLIDE_INTERVAL_MS = 3000;
export const SLIDE_TRANSITION_S = 0.8;

export function slidesPerView(width: number): number {
  if (width >= 1024) return 3;
  if (width >= 768) return 2;
  return 1;
}

/** The next start position, looping back to the first after the last. */
export function nextIndex(index: number, count: number, perView: number): number {
  const last = Math.max(0, count - perView);
  return index >= last ? 0 : index + 1;
}

export function previousIndex(index: number, count: number, perView: number): number {
  const last = Math.max(0, count - perView);
  return index <= 0 ? last : Math.min(index - 1, last);
}
