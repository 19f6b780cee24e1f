import { describe, expect, it, vi } from 'vitest';
import { clampedCanvas } from './clamped-canvas';

describe('a canvas beyond the largest texture', () => {
  it('is clamped to it, as browsers clamp, with one warning per canvas', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const canvas = { width: 9000, height: 300 };
    expect(clampedCanvas(canvas, 8192)).toEqual([8192, 300]);
    expect(canvas).toEqual({ width: 8192, height: 300 });
    canvas.width = canvas.height = 16384;
    expect(clampedCanvas(canvas, 8192)).toEqual([8192, 8192]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toBe(
      "Renderer: the canvas is 9000×300, beyond this GPU's largest texture (8192); it is drawn at 8192×300.",
    );
    expect(clampedCanvas({ width: 640, height: 480 }, 8192)).toEqual([640, 480]);
    warn.mockRestore();
  });
});
