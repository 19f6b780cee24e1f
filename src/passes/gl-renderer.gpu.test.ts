import { describe, expect, it } from 'vitest';
import { readTexture } from '../gpu/read-texture';
import { requestGpu } from '../gpu/request-gpu';
import { Camera } from '../scene/camera';
import { boxGeometry } from '../scene/geometry';
import { Material } from '../scene/material';
import { Mesh } from '../scene/mesh';
import { Node } from '../scene/node';
import { UiAtlas } from '../scene/ui-atlas';
import { UiRect, UiSprite, UiText } from '../scene/ui-element';
import type { ChainSettings } from './chain-settings';
import { GlRenderer } from './gl-renderer';
import { Renderer, type RendererOptions } from './renderer';

const CANVAS = [300, 200] as const;

/** The same small scene for both backends: two boxes (one lit), a UI panel with text and a sprite. */
function scene(): Omit<RendererOptions, 'chain'> {
  const root = new Node('root');
  root.add(
    new Mesh('white', boxGeometry(10, 10, 1), new Material('unlit', [1, 1, 1, 1])).setPosition(20, 30, -5),
  );
  root.add(
    new Mesh('orange', boxGeometry(30, 6, 4), new Material('lambert', [1, 0.5, 0, 1])).setPosition(
      60,
      12,
      -5,
    ),
  );
  const camera = Camera.pixels('eye', 84, 60, 10);
  root.add(camera);
  const ui = new Node('ui');
  ui.add(new UiRect('panel', 30, 9, [0, 0, 0.4, 0.8]).setPosition(2, 2, 0));
  ui.add(new UiText('label', 'HI 42', [1, 1, 0.3, 1]).setPosition(4, 4, 0));
  ui.add(new UiSprite('ship', 'ship').setPosition(60, 40, 0));
  const atlas = new UiAtlas({ ship: { rows: ['.##.', '####'], palette: { '#': [0.3, 0.9, 1, 1] } } });
  return {
    root,
    camera,
    native: [84, 60],
    clearColor: { r: 0.1, g: 0.1, b: 0.15, a: 1 },
    ui: { root: ui, atlas },
  };
}

function canvas(): HTMLCanvasElement {
  const element = document.createElement('canvas');
  [element.width, element.height] = CANVAS;
  return element;
}

/** The GL canvas read back top row first (readPixels starts at the bottom), RGBA. */
function readGl(gl: WebGL2RenderingContext): Uint8Array {
  const [w, h] = CANVAS;
  const raw = new Uint8Array(w * h * 4);
  gl.bindFramebuffer(gl.FRAMEBUFFER, null);
  gl.readPixels(0, 0, w, h, gl.RGBA, gl.UNSIGNED_BYTE, raw);
  const rows = new Uint8Array(raw.length);
  for (let y = 0; y < h; y++) rows.set(raw.subarray((h - 1 - y) * w * 4, (h - y) * w * 4), y * w * 4);
  return rows;
}

/** The WebGPU canvas read back as RGBA (the canvas may be bgra8unorm). */
async function readGpu(renderer: Renderer): Promise<Uint8Array> {
  const texture = renderer.graph.textureOf('canvas');
  await renderer.gpu.device.queue.onSubmittedWorkDone();
  const pixels = await readTexture(renderer.gpu.device, texture);
  if (texture.format === 'bgra8unorm')
    for (let i = 0; i < pixels.length; i += 4) [pixels[i], pixels[i + 2]] = [pixels[i + 2]!, pixels[i]!];
  return pixels;
}

/** Colour differences only: both canvases are opaque, and the WebGL2 one (alpha: false) reads back alpha 255. */
function compare(a: Uint8Array, b: Uint8Array): { maxDiff: number; differing: number } {
  let maxDiff = 0;
  let differing = 0;
  for (let i = 0; i < a.length; i += 4) {
    let d = 0;
    for (let c = 0; c < 3; c++) d = Math.max(d, Math.abs(a[i + c]! - b[i + c]!));
    if (d > 0) differing++;
    maxDiff = Math.max(maxDiff, d);
  }
  return { maxDiff, differing };
}

const STATES: [string, Partial<ChainSettings>, string[]][] = [
  ['integer, bars off', { upscale: 'integer', barFill: 'off' }, []],
  ['sharp-bilinear, blurred bars, CRT', { upscale: 'sharp-bilinear', barFill: 'blurred' }, ['crt']],
  [
    'bilinear, pixelated bars, pixel aspect 8:7',
    { upscale: 'bilinear', barFill: 'pixelated', pixelAspect: 8 / 7 },
    [],
  ],
];

describe('the WebGL2 backend draws what the WebGPU one draws (both real, in Chromium)', () => {
  for (const [name, chain, on] of STATES) {
    it(`the whole chain with UI and motion blur: ${name}`, async () => {
      const gpu = await requestGpu();
      const options = { ...scene(), chain: { ...chain, blurStrength: 0.6 } };
      const webgpu = await Renderer.create(gpu, canvas(), options);
      const webgl = await GlRenderer.create(canvas(), { ...scene(), chain: { ...chain, blurStrength: 0.6 } });
      for (const pass of on) {
        webgpu.graph.setEnabled(pass, true);
        webgl.graph.setEnabled(pass, true);
      }
      // Three frames, so the blur's history is in the image.
      for (const t of [0, 1 / 30, 2 / 30]) {
        webgpu.render(t, 1 / 30);
        webgl.render(t, 1 / 30);
      }
      const a = await readGpu(webgpu);
      const b = readGl(webgl.gl);
      const { maxDiff, differing } = compare(a, b);
      // The stated tolerance between backends: no texel off by more than 2 of 255 (rounding in float paths).
      expect(maxDiff, `${differing} texels differ`).toBeLessThanOrEqual(2);
      expect(b.some((v, i) => i % 4 === 0 && v > 200)).toBe(true); // not a blank image
      webgpu.destroy();
      webgl.destroy();
      gpu.device.destroy();
    });
  }

  it('survives a context loss (WEBGL_lose_context): rebuilt from the scene, the same pixels, toggles kept', async () => {
    const webgl = await GlRenderer.create(canvas(), {
      ...scene(),
      chain: { barFill: 'blurred', blurStrength: 0 },
    });
    webgl.graph.setEnabled('crt', true);
    webgl.render(0, 0);
    const before = readGl(webgl.gl);
    await webgl.simulateContextLoss();
    expect(webgl.recoveries).toHaveLength(1);
    expect(webgl.recoveries[0]).toMatchObject({ reason: 'context-lost' });
    expect(webgl.graph.isEnabled('crt')).toBe(true);
    webgl.render(0, 0);
    expect(readGl(webgl.gl)).toEqual(before);
    expect(webgl.gl.getError()).toBe(webgl.gl.NO_ERROR);
    webgl.destroy();
  });
});
