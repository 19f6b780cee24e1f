import { describe, expect, it } from 'vitest';
import { bareCanvasScale } from './size-bare-canvas';

describe('a bare canvas’s size', () => {
  it('is the largest whole multiple of native that fits, in device pixels, never below 1', () => {
    expect(bareCanvasScale([336, 240], [1280, 720], 1)).toBe(3);
    expect(bareCanvasScale([336, 240], [1264, 704], 1)).toBe(2); // a page's default 8 px margins
    expect(bareCanvasScale([336, 240], [1000, 1000], 1)).toBe(2); // the width decides
    expect(bareCanvasScale([336, 240], [640, 480], 2)).toBe(3); // 1280×960 device pixels
    expect(bareCanvasScale([336, 240], [300, 150], 1)).toBe(1); // too small: native, not shrunk
  });
});
