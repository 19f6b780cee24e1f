import { describe, expect, it } from 'vitest';
import { frameRect, parsePixelAspect } from './frame-rect';

describe('frameRect', () => {
  it('integer mode takes the largest whole multiple and centres it', () => {
    expect(frameRect([336, 240], [1280, 720], 1, 'integer')).toEqual({
      x: 136,
      y: 0,
      width: 1008,
      height: 720,
      scale: 3,
    });
    expect(frameRect([336, 240], [1920, 1080], 1, 'integer')).toEqual({
      x: 288,
      y: 60,
      width: 1344,
      height: 960,
      scale: 4,
    });
    expect(frameRect([336, 240], [700, 500], 1, 'integer')).toMatchObject({
      width: 672,
      height: 480,
      x: 14,
      y: 10,
    });
  });

  it('fit modes fill one axis exactly, keeping aspect × pixel aspect', () => {
    expect(frameRect([336, 240], [1280, 720], 1, 'nearest')).toEqual({
      x: 136,
      y: 0,
      width: 1008,
      height: 720,
      scale: 3,
    });
    const wide = frameRect([336, 240], [1000, 1000], 1, 'bilinear');
    expect([wide.width, wide.height, wide.y]).toEqual([1000, 714, 143]);
    const par = frameRect([256, 224], [1280, 960], 8 / 7, 'nearest');
    expect(par.height).toBe(960);
    expect(par.width).toBe(Math.round(256 * (8 / 7) * (960 / 224)));
    expect(par.width / par.height).toBeCloseTo((256 * 8) / 7 / 224, 2);
  });

  it('integer mode with a pixel aspect: whole vertical multiple, width rounded', () => {
    expect(frameRect([256, 224], [1280, 960], 8 / 7, 'integer')).toEqual({
      x: 55,
      y: 32,
      width: 1170,
      height: 896,
      scale: 4,
    });
  });

  it('falls back to a fit when the canvas is smaller than the native image', () => {
    expect(frameRect([336, 240], [168, 120], 1, 'integer')).toMatchObject({
      width: 168,
      height: 120,
      scale: 0.5,
    });
  });

  it('parses pixel aspects and rejects nonsense', () => {
    expect(parsePixelAspect('8:7')).toBeCloseTo(8 / 7, 12);
    expect(parsePixelAspect('1:1')).toBe(1);
    expect(parsePixelAspect('1.25')).toBe(1.25);
    expect(() => parsePixelAspect('wide')).toThrow(/write it as 8:7/);
    expect(() => parsePixelAspect('1:0')).toThrow(RangeError);
    expect(() => frameRect([1, 1], [1, 1], 0, 'nearest')).toThrow(/positive/);
  });
});
