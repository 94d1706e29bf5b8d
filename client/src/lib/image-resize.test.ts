import { describe, expect, it } from 'vitest';
import { fitInside, renamedFor } from './image-resize';

describe('fitInside', () => {
  it('scales a landscape photo down to the width limit, keeping the aspect', () => {
    expect(fitInside(4000, 3000, 1600, 1600)).toEqual({ width: 1600, height: 1200 });
  });
  it('scales a portrait photo down to the height limit', () => {
    expect(fitInside(3000, 4000, 1600, 1600)).toEqual({ width: 1200, height: 1600 });
  });
  it('respects the tighter of two different limits', () => {
    expect(fitInside(2000, 1000, 1200, 300)).toEqual({ width: 600, height: 300 });
  });
  it('never enlarges a small image', () => {
    expect(fitInside(640, 480, 1600, 1600)).toEqual({ width: 640, height: 480 });
  });
  it('rounds, and keeps at least one pixel', () => {
    expect(fitInside(1001, 333, 500, 500)).toEqual({ width: 500, height: 166 });
    expect(fitInside(10000, 1, 100, 100)).toEqual({ width: 100, height: 1 });
  });
  it('answers 0 × 0 for an undecodable size', () => {
    expect(fitInside(0, 100, 10, 10)).toEqual({ width: 0, height: 0 });
  });
});

describe('renamedFor', () => {
  it('swaps the extension for the output type', () => {
    expect(renamedFor('IMG_0001.HEIC', 'image/webp')).toBe('IMG_0001.webp');
    expect(renamedFor('family photo.png', 'image/jpeg')).toBe('family photo.jpg');
    expect(renamedFor('noext', 'image/png')).toBe('noext.png');
    expect(renamedFor('.jpg', 'image/webp')).toBe('image.webp');
  });
});
