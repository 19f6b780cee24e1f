import { describe, expect, it } from 'vitest';
import { fitCanvas } from './fit-canvas';
import { showFailure } from '../render/renderers/show-failure';

const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

describe('fitCanvas (in Chromium)', () => {
  it('keeps the drawing buffer at the CSS box in device pixels, follows resizes, stops when told', async () => {
    const canvas = document.createElement('canvas');
    canvas.style.cssText = 'display: block; width: 123px; height: 45px';
    document.body.append(canvas);
    const resized: string[] = [];
    const stop = fitCanvas(canvas, () => resized.push(`${canvas.width}x${canvas.height}`));
    const ratio = window.devicePixelRatio;
    expect([canvas.width, canvas.height]).toEqual([Math.round(123 * ratio), Math.round(45 * ratio)]);
    canvas.style.width = '200px';
    await frame();
    expect(canvas.width).toBe(Math.round(200 * ratio));
    expect(resized.length).toBe(2);
    stop();
    canvas.style.width = '50px';
    await frame();
    expect(canvas.width).toBe(Math.round(200 * ratio)); // no longer followed
    canvas.remove();
  });
});

describe('showFailure', () => {
  it('puts the message where the canvas was, for people and tests', () => {
    const canvas = document.createElement('canvas');
    document.body.append(canvas);
    const box = showFailure(canvas, new Error('no GPU here'))!;
    expect(box.textContent).toBe('no GPU here');
    expect(box.dataset['testid']).toBe('armature-error');
    expect(canvas.isConnected).toBe(false);
    expect(showFailure(document.createElement('canvas'), 'detached')).toBeNull();
    box.remove();
  });
});
