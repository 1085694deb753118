import { describe, expect, it } from 'vitest';
import { slidesForWidth } from '@/features/collections/components/collection-carousel';

describe('carousel slides per width (deployed-system.md §P9)', () => {
  it.each([
    [375, 1],
    [500, 1],
    [501, 2],
    [750, 2],
    [751, 3],
    [1200, 3],
    [1201, 4],
    [1600, 4],
    [1601, 5],
    [1900, 5],
    [1901, 6],
    [2560, 6],
  ])('%d px → %d slides', (width, slides) => {
    expect(slidesForWidth(width)).toBe(slides);
  });
});
