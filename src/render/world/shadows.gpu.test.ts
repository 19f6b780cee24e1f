import { mat4, vec3, vec4 } from 'gl-matrix';
import { describe, expect, it } from 'vitest';
import { planeGeometry } from '../../scene/geometry';
import { Material } from '../../scene/material';
import { Mesh } from '../../scene/mesh';
import { Texture } from '../../scene/texture';
import { TEST_BACKENDS } from '../renderers/test-backends';
import { boxOnPlane as boxOnPlaneScene, H, PPU, rayToBox, shadowOf, W } from '../renderers/shadow-test-scene';
import { fitShadow, shadowFit } from './fit-shadow';

/** A coarse map, so its texels show as blocks along the shadow's edge. */
const MAP = 64;
const SUN = vec3.normalize(vec3.create(), [0.9, -2, 0.55]);
/** What the map is fitted to: the plane and the box above it (centre, half extents). */
const HELD = Float32Array.of(0, 1, 0, W / PPU / 2, 1, H / PPU / 2);

/** The shared box on a plane lit by SUN; shadow map MAP², fitted to HELD. */
async function boxOnPlane(backend: (typeof TEST_BACKENDS)[number]) {
  const view = await boxOnPlaneScene(backend, MAP);
  const env = view.renderer.environment;
  env.lightColor.set([0.6, 0.6, 0.6, 1]);
  env.lightDirection.set(SUN);
  view.renderer.shadow.box = HELD;
  return view;
}

/**
 * The analytic shadow of each plane pixel: the ground point under the pixel's centre, moved out along the normal by the
 * offset, falls in a map texel; the texel holds the depth of what its centre's ray meets first, so the pixel is in
 * shadow when that ray meets the box more than `bias` nearer the light than the point.
 */
function expectedShadow(offset: number, bias: number): boolean[] {
  const ball = {
    centre: vec3.fromValues(HELD[0]!, HELD[1]!, HELD[2]!),
    radius: Math.hypot(HELD[3]!, 1, HELD[5]!),
  };
  const fit = fitShadow(shadowFit(), SUN, ball, MAP);
  const toWorld = mat4.invert(mat4.create(), fit.matrix)!;
  const out: boolean[] = [];
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const ground = vec4.fromValues(
        (x + 0.5) / PPU - W / PPU / 2,
        offset * fit.texel,
        (y + 0.5) / PPU - H / PPU / 2,
        1,
      );
      const m = vec4.transformMat4(vec4.create(), ground, fit.matrix);
      const centre = [(Math.floor(m[0]! * MAP) + 0.5) / MAP, (Math.floor(m[1]! * MAP) + 0.5) / MAP];
      // The texel centre's ray, from the map's near plane (on the light's side of everything).
      const start = vec4.transformMat4(vec4.create(), vec4.fromValues(centre[0]!, centre[1]!, 0, 1), toWorld);
      const from = vec3.fromValues(start[0]!, start[1]!, start[2]!);
      const hit = vec3.dot(from, SUN) + rayToBox(from, SUN);
      out.push(vec3.dot(vec3.fromValues(ground[0]!, ground[1]!, ground[2]!), SUN) - bias > hit);
    }
  return out;
}

describe('the shadow pass on both backends', () => {
  it('a box on a plane: its shadow covers exactly the map texels whose rays the box stops; the same pixels on both', async () => {
    const images: Uint8Array[] = [];
    for (const backend of TEST_BACKENDS) {
      const { renderer, draw, watch } = await boxOnPlane(backend);
      const lit = await draw();
      expect(shadowOf(lit).filter((s) => s === true)).toHaveLength(0); // bypassed: no shadow
      renderer.graph.setEnabled('shadow', true);
      const shadowed = await draw();
      const got = shadowOf(shadowed);
      const { normalOffset, bias } = renderer.settings.shadow;
      const expected = expectedShadow(normalOffset, bias);
      const wrong: string[] = [];
      got.forEach((s, i) => {
        if (s !== null && s !== expected[i]) wrong.push(`(${i % W}, ${Math.floor(i / W)}): ${s}`);
      });
      expect(wrong).toEqual([]);
      expect(got.filter((s) => s === true).length).toBeGreaterThan(40);
      expect(watch.errors()).toEqual([]);
      // Off again: the image without shadows, bit for bit.
      renderer.graph.setEnabled('shadow', false);
      expect(await draw()).toEqual(lit);
      images.push(shadowed);
      renderer.destroy();
    }
    expect(images[1]).toEqual(images[0]);
  });

  it('castShadow and receiveShadow switch a mesh out of the map and out of the shadows', async () => {
    for (const backend of TEST_BACKENDS) {
      const { renderer, draw, plane, box } = await boxOnPlane(backend);
      const lit = await draw();
      renderer.graph.setEnabled('shadow', true);
      const shadowed = await draw();
      expect(shadowed).not.toEqual(lit);
      box.castShadow = false;
      expect(await draw()).toEqual(lit);
      box.castShadow = true;
      plane.receiveShadow = false;
      expect(await draw()).toEqual(lit);
      plane.receiveShadow = true;
      expect(await draw()).toEqual(shadowed);
      renderer.destroy();
    }
  });

  it('a cut-out caster (alphaTest) shadows only with the texels it keeps: as an opaque quad that size', async () => {
    for (const backend of TEST_BACKENDS) {
      const images: Uint8Array[] = [];
      // A 2×2 quad whose map keeps its left half (alpha 1) and cuts its right (alpha 0); then an opaque 1×2 quad there.
      const map = Texture.fromPixels(2, 1, new Uint8Array([255, 255, 255, 255, 255, 255, 255, 0]));
      const cut = new Mesh(
        'cut',
        planeGeometry(2, 2),
        new Material('lambert', [1, 0, 0, 1], { map, alphaTest: 0.5 }),
      );
      const half = new Mesh('half', planeGeometry(1, 2), new Material('lambert', [1, 0, 0, 1]));
      for (const [caster, x] of [
        [cut, 0.3],
        [half, -0.2],
        [cut, 0.3],
      ] as const) {
        const { renderer, draw, box } = await boxOnPlane(backend);
        box.visible = false;
        box.parent!.add(caster.setPosition(x, 1.5, -0.45));
        renderer.graph.setEnabled('shadow', true);
        if (images.length === 2) cut.material.alphaTest = 0; // not cut: the whole quad casts
        images.push(await draw());
        caster.parent!.remove(caster);
        renderer.destroy();
      }
      expect(shadowOf(images[0]!).filter((s) => s === true).length).toBeGreaterThan(20);
      expect(images[0]).toEqual(images[1]);
      // Not cut, the whole quad's shadow falls on ground the half quad's leaves lit.
      const [whole, opaqueHalf] = [shadowOf(images[2]!), shadowOf(images[1]!)];
      expect(whole.filter((s, i) => s === true && opaqueHalf[i] === false).length).toBeGreaterThan(10);
    }
  });

  it("a faded caster (lambert's fade, also when cut out) still casts its whole shadow", async () => {
    for (const backend of TEST_BACKENDS) {
      const shadows: (boolean | null)[][] = [];
      const map = Texture.fromPixels(2, 1, new Uint8Array([255, 255, 255, 255, 255, 255, 255, 0]));
      for (const fade of [0, 1]) {
        const { renderer, draw, box } = await boxOnPlane(backend);
        box.visible = false;
        const material = new Material('lambert', [1, 0, 0, 1], { map, alphaTest: 0.5 });
        material.setParam('fade', fade); // 1: not one pixel of the quad drawn in the view
        box.parent!.add(new Mesh('cut', planeGeometry(2, 2), material).setPosition(0.3, 1.5, -0.45));
        renderer.graph.setEnabled('shadow', true);
        shadows.push(shadowOf(await draw()));
        renderer.destroy();
      }
      const [shown, faded] = shadows as [(boolean | null)[], (boolean | null)[]];
      // The quad hides some ground when shown: compare where both images see the ground.
      const differ = shown.filter((s, i) => s !== null && faded[i] !== null && s !== faded[i]).length;
      expect(differ).toBe(0);
      expect(faded.filter((s) => s === true).length).toBeGreaterThan(20);
    }
  });
});
