import { describe, expect, it } from 'vitest';
import { nextIndex, previousIndex, slidesPerView } from './carousel';

describe('gallery carousel', () => {
  it('shows 3, 2 or 1 slides by width', () => {
    expect(slidesPerView(1280)).toBe(3);
    expect(slidesPerView(1024)).toBe(3);
    expect(slidesPerView(1023)).toBe(2);
    expect(slidesPerView(768)).toBe(2);
    expect(slidesPerView(767)).toBe(1);
    expect(slidesPerView(480)).toBe(1);
    expect(slidesPerView(360)).toBe(1);
  });

  it('loops forward past the last position and back before the first', () => {
    // 6 images, 3 in view: start positions 0..3.
    expect(nextIndex(2, 6, 3)).toBe(3);
    expect(nextIndex(3, 6, 3)).toBe(0);
    expect(previousIndex(0, 6, 3)).toBe(3);
    expect(previousIndex(3, 6, 3)).toBe(2);
    // Fewer images than fit: stays put.
    expect(nextIndex(0, 2, 3)).toBe(0);
  });
});
