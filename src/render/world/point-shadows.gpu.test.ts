import { mat4, vec3, vec4 } from 'gl-matrix';
import { describe, expect, it } from 'vitest';
import { PointLight } from '../../scene/light';
import { TEST_BACKENDS } from '../renderers/test-backends';
import { boxOnPlane, H, PPU, rayToBox, shadowOf, W } from '../renderers/shadow-test-scene';
import { pointShadowFaces, pointShadowViews } from './point-shadow';

/** The directional map's side; the point light's faces are a quarter of it: 32 texels, coarse enough to see. */
const MAP = 128;
const FACE = MAP / 4;
/** The lamp: low over the plane's corner, so the box's shadow crosses three of its faces (−Y, +X, −Z). */
const LAMP = vec3.fromValues(-2.2, 3.2, 1.3);
const RANGE = 20;

/** The shared box on a plane, lit only by the lamp (and the 0.2 ambient). */
async function lampOverBox(backend: (typeof TEST_BACKENDS)[number]) {
  const lamp = new PointLight('lamp', { range: RANGE, intensity: 40, castShadow: true }).setPosition(
    LAMP[0]!,
    LAMP[1]!,
    LAMP[2]!,
  );
  const view = await boxOnPlane(backend, MAP, [lamp]);
  view.renderer.environment.lightColor.set([0, 0, 0, 1]);
  return { ...view, lamp };
}

/**
 * The analytic shadow of each plane pixel: the ground point under its centre, moved up by the normal offset (texels of
 * the face at its distance), is seen by the face along whose axis it lies farthest, in one of that face's texels; the
 * texel holds the distance along its centre's ray to what the ray meets first (24 bits of it over the range), so the
 * pixel is in shadow when that ray meets the box more than `bias` nearer the lamp than the point.
 */
function expectedShadow(offset: number, bias: number): { shadowed: boolean[]; faces: Set<number> } {
  const faces = pointShadowFaces(pointShadowViews(), LAMP, RANGE, FACE);
  const out: boolean[] = [];
  const seen = new Set<number>();
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const ground = vec3.fromValues((x + 0.5) / PPU - W / PPU / 2, 0, (y + 0.5) / PPU - H / PPU / 2);
      const from = vec3.subtract(vec3.create(), ground, LAMP);
      const major = Math.max(...[...from].map(Math.abs));
      ground[1] += (offset * 2 * major) / FACE;
      const d = vec3.subtract(vec3.create(), ground, LAMP);
      const b = [...d].map(Math.abs);
      const axis = b[0]! >= b[1]! && b[0]! >= b[2]! ? 0 : b[1]! >= b[2]! ? 1 : 2;
      const face = 2 * axis + (d[axis]! > 0 ? 0 : 1);
      const vp = faces.viewProjections[face]!;
      const clip = vec4.transformMat4(
        vec4.create(),
        vec4.fromValues(ground[0]!, ground[1]!, ground[2]!, 1),
        vp,
      );
      const [u, v] = [clip[0]! / clip[3]!, clip[1]! / clip[3]!];
      const texel = [
        Math.min(Math.floor((u * 0.5 + 0.5) * FACE), FACE - 1),
        Math.min(Math.floor((0.5 - v * 0.5) * FACE), FACE - 1),
      ];
      const centre = vec4.fromValues(
        ((texel[0]! + 0.5) / FACE) * 2 - 1,
        1 - ((texel[1]! + 0.5) / FACE) * 2,
        0.5,
        1,
      );
      const onRay = vec4.transformMat4(vec4.create(), centre, mat4.invert(mat4.create(), vp)!);
      const dir = vec3.fromValues(onRay[0]! / onRay[3]!, onRay[1]! / onRay[3]!, onRay[2]! / onRay[3]!);
      vec3.normalize(dir, vec3.subtract(dir, dir, LAMP));
      const stored = Math.floor(Math.min(rayToBox(LAMP, dir) / RANGE, 1) * 16777215) / 16777215;
      out.push(vec3.length(d) / RANGE - bias / RANGE > stored);
      if (out.at(-1)) seen.add(face);
    }
  return { shadowed: out, faces: seen };
}

describe("a point light's shadows on both backends", () => {
  it('a lamp over a box: the shadow covers exactly the face texels whose rays the box stops, across three faces', async () => {
    const images: Uint8Array[] = [];
    for (const backend of TEST_BACKENDS) {
      const { renderer, draw, watch } = await lampOverBox(backend);
      const lit = await draw();
      expect(shadowOf(lit).filter((s) => s === true)).toHaveLength(0); // bypassed: no shadow
      renderer.graph.setEnabled('shadow', true);
      const shadowed = await draw();
      const got = shadowOf(shadowed);
      const { normalOffset, bias } = renderer.settings.shadow;
      const { shadowed: expected, faces } = expectedShadow(normalOffset, bias);
      expect([...faces].sort()).toEqual([0, 3, 5]); // +X, −Y, −Z
      const wrong: string[] = [];
      got.forEach((s, i) => {
        if (s !== null && s !== expected[i]) wrong.push(`(${i % W}, ${Math.floor(i / W)}): ${s}`);
      });
      expect(wrong).toEqual([]);
      expect(got.filter((s) => s === true).length).toBeGreaterThan(100);
      expect(watch.errors()).toEqual([]);
      renderer.graph.setEnabled('shadow', false);
      expect(await draw()).toEqual(lit);
      images.push(shadowed);
      renderer.destroy();
    }
    expect(images[1]).toEqual(images[0]);
  });

  it("the light's castShadow and the meshes' castShadow / receiveShadow switch its shadows", async () => {
    for (const backend of TEST_BACKENDS) {
      const { renderer, draw, plane, box, lamp } = await lampOverBox(backend);
      const lit = await draw();
      renderer.graph.setEnabled('shadow', true);
      const shadowed = await draw();
      expect(shadowed).not.toEqual(lit);
      lamp.castShadow = false;
      expect(await draw()).toEqual(lit);
      lamp.castShadow = true;
      expect(await draw()).toEqual(shadowed);
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
});
