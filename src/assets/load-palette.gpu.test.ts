import { describe, expect, it } from 'vitest';
import { loadPalette } from './load-palette';

/** A 6×2 swatch: four 1×2 colour columns, a transparent gap, and the first colour again (a duplicate). */
async function swatch(): Promise<Blob> {
  const canvas = new OffscreenCanvas(6, 2);
  const context = canvas.getContext('2d')!;
  ['#1d2b53', '#7e2553', '#008751', '#ffec27', 'transparent', '#1d2b53'].forEach((colour, x) => {
    if (colour === 'transparent') return;
    context.fillStyle = colour;
    context.fillRect(x, 0, 1, 2);
  });
  return canvas.convertToBlob({ type: 'image/png' });
}

describe('loadPalette', () => {
  it('reads a PNG swatch: its opaque colours in reading order, gaps and duplicates skipped', async () => {
    const blob = await swatch();
    const palette = await loadPalette(blob, 'four');
    expect(palette.name).toBe('four');
    expect(palette.colors).toEqual([
      [0x1d, 0x2b, 0x53],
      [0x7e, 0x25, 0x53],
      [0x00, 0x87, 0x51],
      [0xff, 0xec, 0x27],
    ]);
    const url = URL.createObjectURL(blob);
    expect((await loadPalette(url)).colors).toHaveLength(4);
    URL.revokeObjectURL(url);
  });

  it('rejects naming the source when it is not an image', async () => {
    await expect(loadPalette(new Blob(['not a png'], { type: 'text/plain' }), 'notes.txt')).rejects.toThrow(
      /"notes.txt".*not an image the browser can decode/,
    );
  });
});
