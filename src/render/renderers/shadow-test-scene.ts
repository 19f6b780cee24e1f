// What the shadow GPU tests share: a white plane seen from straight above with a red 2×2×2 box standing on it, the
// slab test of a ray against that box, and which pixels of the image are the plane in shadow.
import type { vec3 } from 'gl-matrix';
import { Camera } from '../../scene/camera';
import { boxGeometry, planeGeometry } from '../../scene/geometry';
import { Material } from '../../scene/material';
import { Mesh } from '../../scene/mesh';
import { Node } from '../../scene/node';
import { nativeRenderer, type TEST_BACKENDS } from './test-backends';

/** The native image, and native pixels a world unit. */
export const [W, H, PPU] = [48, 32, 4] as const;
/** Where the box stands on the plane: (x, 0, z). */
export const BOX = { x: 0.3, z: -0.45 } as const;

/**
 * The plane (W/PPU × H/PPU units, lambert white) and the box (lambert red, at BOX) under an orthographic eye looking
 * down −Y (screen up is −Z), with `extra` nodes added, drawn at W×H with a `map`² shadow map and a 0.2 ambient.
 */
export async function boxOnPlane(backend: (typeof TEST_BACKENDS)[number], map: number, extra: Node[] = []) {
  const root = new Node('root');
  const camera = new Camera('eye', {
    kind: 'orthographic',
    left: -W / PPU / 2,
    right: W / PPU / 2,
    bottom: -H / PPU / 2,
    top: H / PPU / 2,
    near: 1,
    far: 40,
  })
    .setPosition(0, 20, 0)
    .setRotationFromEuler(-Math.PI / 2, 0, 0);
  const plane = new Mesh('plane', planeGeometry(W / PPU, H / PPU), new Material('lambert', [1, 1, 1, 1]));
  const box = new Mesh('box', boxGeometry(2, 2, 2), new Material('lambert', [1, 0, 0, 1])).setPosition(
    BOX.x,
    1,
    BOX.z,
  );
  root.add(plane).add(box).add(camera);
  for (const node of extra) root.add(node);
  const view = await nativeRenderer(backend, {
    root,
    camera,
    native: [W, H],
    chain: { barFill: 'off' },
    shadowMapSize: map,
  });
  view.renderer.environment.ambient.set([0.2, 0.2, 0.2, 1]);
  return { ...view, plane, box };
}

/** How far along `dir` the ray from `from` first meets the box at BOX (slab test); Infinity when it misses. */
export function rayToBox(from: ArrayLike<number>, dir: vec3 | ArrayLike<number>): number {
  const lo = [BOX.x - 1, 0, BOX.z - 1];
  const hi = [BOX.x + 1, 2, BOX.z + 1];
  let [t0, t1] = [0, Infinity];
  for (let a = 0; a < 3; a++) {
    const [ta, tb] = [(lo[a]! - from[a]!) / dir[a]!, (hi[a]! - from[a]!) / dir[a]!];
    t0 = Math.max(t0, Math.min(ta, tb));
    t1 = Math.min(t1, Math.max(ta, tb));
  }
  return t0 <= t1 ? t0 : Infinity;
}

/** Each pixel: is it the plane (grey, not the red box), and is it in shadow (only the ambient 0.2 → 51)? */
export function shadowOf(pixels: Uint8Array): (boolean | null)[] {
  const out: (boolean | null)[] = [];
  for (let i = 0; i < pixels.length; i += 4) {
    const [r, g] = [pixels[i]!, pixels[i + 1]!];
    out.push(r !== g ? null : g === 51);
  }
  return out;
}
