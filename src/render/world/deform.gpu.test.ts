import { mat4, vec3 } from 'gl-matrix';
import { describe, expect, it } from 'vitest';
import { Camera } from '../../scene/camera';
import { disposeGeometry, VERTEX_FLOATS, type Geometry } from '../../scene/geometry';
import { Material, type MaterialKind } from '../../scene/material';
import { registerMaterialKind } from '../materials/material-kind';
import { Mesh } from '../../scene/mesh';
import { Node } from '../../scene/node';
import { Skin } from '../../scene/skin';
import { nativeRenderer, TEST_BACKENDS } from '../renderers/test-backends';

const SIZE = 32;
const Z = -1;

/**
 * A strip of native pixels: columns x = 10 and 22, rows y = 4, 16 and 28 (world units are pixels under
 * `Camera.pixels`), two quads. The bottom row follows joint 0, the top row joint 1, the middle row both by halves.
 */
function strip(name = 'strip'): Geometry {
  const rows = [4, 16, 28];
  const vertices: number[] = [];
  for (const y of rows) for (const x of [10, 22]) vertices.push(x, y, 0, 0, 0, 1, 0, 0);
  const weights = [1, 0, 0, 0, 1, 0, 0, 0, 0.5, 0.5, 0, 0, 0.5, 0.5, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0];
  return {
    name,
    vertices: Float32Array.from(vertices),
    // Two quads, counter-clockwise seen from +z.
    indices: Uint16Array.of(0, 1, 3, 0, 3, 2, 2, 3, 5, 2, 5, 4),
    joints: Float32Array.from([0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0]),
    weights: Float32Array.from(weights),
  };
}

/** The strip's vertices carried by the skin on the CPU (glTF's rule), as a geometry drawn without a skin. */
function skinnedOnCpu(geometry: Geometry, skin: Skin): Geometry {
  const vertices = Float32Array.from(geometry.vertices);
  const m = mat4.create();
  const p = vec3.create();
  for (let v = 0; v * VERTEX_FLOATS < vertices.length; v++) {
    const blended = new Float32Array(16);
    for (let k = 0; k < 4; k++) {
      const w = geometry.weights![v * 4 + k]!;
      if (w === 0) continue;
      const j = geometry.joints![v * 4 + k]!;
      mat4.multiply(m, skin.joints[j]!.worldMatrix, skin.inverseBindMatrices.subarray(j * 16, j * 16 + 16));
      for (let i = 0; i < 16; i++) blended[i]! += w * m[i]!;
    }
    vec3.transformMat4(p, vertices.subarray(v * VERTEX_FLOATS, v * VERTEX_FLOATS + 3), blended);
    vertices.set(p, v * VERTEX_FLOATS);
  }
  return { name: `${geometry.name} on the CPU`, vertices, indices: geometry.indices };
}

/** The pixels of `image` (rows top first) that are not the clear colour, as a 0/1 mask. */
const covered = (image: Uint8Array): number[] =>
  Array.from({ length: SIZE * SIZE }, (_, i) => (image[i * 4 + 3] === 255 && image[i * 4]! > 0 ? 1 : 0));

/** The mask of the rectangle x0…x1 × y0…y1 in world pixels (y up): the pixels whose centres it holds. */
const rectangle = (x0: number, x1: number, y0: number, y1: number): number[] =>
  Array.from({ length: SIZE * SIZE }, (_, i) => {
    const [x, y] = [(i % SIZE) + 0.5, SIZE - Math.floor(i / SIZE) - 0.5];
    return x > x0 && x < x1 && y > y0 && y < y1 ? 1 : 0;
  });

async function skinnedScene(backend: (typeof TEST_BACKENDS)[number], kind: MaterialKind = 'unlit') {
  const root = new Node('root');
  const camera = Camera.pixels('eye', SIZE, SIZE, 10);
  root.add(camera);
  // The skeleton: a hip at (16, 4) and a chest 12 above it, its child; the mesh's own node is never what moves it.
  const hip = new Node('hip').setPosition(16, 4, Z);
  const chest = new Node('chest').setPosition(0, 12, 0);
  hip.add(chest);
  root.add(hip);
  const inverseBind = new Float32Array(32);
  mat4.invert(inverseBind.subarray(0, 16), hip.worldMatrix);
  mat4.invert(inverseBind.subarray(16, 32), chest.worldMatrix);
  const skin = new Skin('spine', [hip, chest], inverseBind);
  const geometry = strip();
  // The geometry lies at z = 0; the bind pose puts it at the hip's depth.
  for (let v = 0; v < 6; v++) geometry.vertices[v * VERTEX_FLOATS + 2] = Z;
  const mesh = new Mesh('body', geometry, new Material(kind, [1, 1, 1, 1]));
  mesh.skin = skin;
  root.add(mesh);
  const scene = await nativeRenderer(backend, { root, camera, native: [SIZE, SIZE] });
  scene.renderer.world.clearColor = [0, 0, 0, 0];
  return { ...scene, root, hip, chest, skin, mesh, geometry };
}

describe('skinned and morphed meshes on real WebGPU and WebGL2', () => {
  it('a two-bone strip at known poses covers exactly the expected pixels, and equals its vertices skinned on the CPU', async () => {
    const images: Uint8Array[] = [];
    for (const backend of TEST_BACKENDS) {
      const { renderer, draw, watch, root, hip, chest, skin, mesh, geometry } = await skinnedScene(backend);
      expect(covered(await draw()), `${backend}: bind pose`).toEqual(rectangle(10, 22, 4, 28));
      expect(renderer.world.counters.jointMatrices, `${backend}: first frame`).toBe(2);
      await draw();
      expect(renderer.world.counters.jointMatrices, `${backend}: nothing moved`).toBe(0);
      // The chest 2 up: the top row follows it, the middle row half of it.
      chest.setPosition(0, 14, 0);
      expect(covered(await draw()), `${backend}: chest raised`).toEqual(rectangle(10, 22, 4, 30));
      expect(renderer.world.counters.jointMatrices, `${backend}: a joint moved`).toBe(2);
      // The hip half as wide: everything above it too. The mesh's own node moving changes nothing drawn.
      hip.setScale(0.5, 1, 1);
      mesh.setPosition(5, 5, 0);
      expect(covered(await draw()), `${backend}: hip narrowed`).toEqual(rectangle(13, 19, 4, 30));
      // The chest turned 30° about z: against the same vertices skinned on the CPU, drawn without a skin.
      hip.setScale(1, 1, 1);
      chest.setRotation(0, 0, Math.sin(Math.PI / 12), Math.cos(Math.PI / 12));
      const turned = await draw();
      images.push(turned);
      mesh.visible = false;
      const reference = new Mesh(
        'reference',
        skinnedOnCpu(geometry, skin),
        new Material('unlit', [1, 1, 1, 1]),
      );
      root.add(reference);
      const onCpu = await draw();
      expect(covered(turned), `${backend}: turned`).toEqual(covered(onCpu));
      expect(covered(turned).reduce((a, b) => a + b, 0)).toBeGreaterThan(250);
      expect(watch.errors()).toEqual([]);
      renderer.destroy();
    }
    expect(images[1]).toEqual(images[0]);
  });

  it("a user's material kind draws skinned too (the shared vertex stage's deformed entry)", async () => {
    registerMaterialKind({
      name: 'test-skinned-tint',
      wgsl: `struct Object { model: mat4x4<f32>, normal: mat3x3<f32>, color: vec4<f32>, tint: vec4<f32> }
@group(1) @binding(0) var<uniform> object: Object;
@fragment
fn fs(in: VertexOut) -> @location(0) vec4<f32> { return object.tint; }`,
      glsl: `layout(std140) uniform Object { mat4 model; mat3 normal; vec4 color; vec4 tint; } object;
#ifdef FRAGMENT
vec4 shade() { return object.tint; }
#endif`,
    });
    for (const backend of TEST_BACKENDS) {
      const { renderer, draw, watch, chest, mesh } = await skinnedScene(backend);
      const material = new Material('test-skinned-tint');
      material.setParam('tint', [1, 0.5, 0, 1]);
      mesh.material = material;
      chest.setPosition(0, 14, 0);
      const image = await draw();
      expect(covered(image), `${backend}: chest raised`).toEqual(rectangle(10, 22, 4, 30));
      expect(Array.from(image.subarray((16 * SIZE + 16) * 4, (16 * SIZE + 16) * 4 + 4))).toEqual([
        255, 128, 0, 255,
      ]);
      expect(watch.errors()).toEqual([]);
      renderer.destroy();
    }
  });

  it('culling follows the joints: a mesh bound far outside the view is drawn where its joints carry it, and culled when they leave', async () => {
    for (const backend of TEST_BACKENDS) {
      const { renderer, draw, watch, hip } = await skinnedScene(backend);
      hip.setPosition(-40, 4, Z); // the whole strip 56 to the left: outside the view
      expect(
        covered(await draw()).every((c) => c === 0),
        `${backend}: carried out`,
      ).toBe(true);
      expect(renderer.world.counters.culled, `${backend}: culled`).toBe(1);
      hip.setPosition(16, 4, Z);
      expect(covered(await draw()), `${backend}: back`).toEqual(rectangle(10, 22, 4, 28));
      expect(renderer.world.counters.culled).toBe(0);
      expect(watch.errors()).toEqual([]);
      renderer.destroy();
    }
  });

  it('every shared-vertex kind draws skinned: lambert lights the turned normals', async () => {
    for (const backend of TEST_BACKENDS) {
      const { renderer, draw, watch, hip } = await skinnedScene(backend, 'lambert');
      renderer.world.lightDirection.set([0, 0, -1]);
      // Sums whose 8-bit values are whole: 0.6 → 153, 0.4 → 102.
      renderer.world.ambient.set([0.2, 0.2, 0.2]);
      renderer.world.lightColor.set([0.4, 0.4, 0.4]);
      const centre = (image: Uint8Array) =>
        Array.from(image.subarray((16 * SIZE + 16) * 4, (16 * SIZE + 16) * 4 + 4));
      expect(centre(await draw()), `${backend}: facing the light`).toEqual([153, 153, 153, 255]);
      // Turned 60° about y by the hip: the normal turns with it, so the light falls at cos 60° = 0.5.
      hip.setRotation(0, Math.sin(Math.PI / 6), 0, Math.cos(Math.PI / 6));
      expect(centre(await draw()), `${backend}: turned away by half`).toEqual([102, 102, 102, 255]);
      expect(watch.errors()).toEqual([]);
      renderer.destroy();
    }
  });

  it('morph targets: the top row raised by 0, half and all of a target; ten targets blended; normals morphed', async () => {
    const images: Uint8Array[] = [];
    for (const backend of TEST_BACKENDS) {
      const root = new Node('root');
      const camera = Camera.pixels('eye', SIZE, SIZE, 10);
      root.add(camera);
      const base = strip('morphed');
      const raiseTop = (by: number) => {
        const positions = new Float32Array(18);
        positions[4 * 3 + 1] = positions[5 * 3 + 1] = by;
        return positions;
      };
      // Target 0 raises the top row 2; targets 1…9 raise it 0.5 each and turn the normals towards +x.
      const targets = Array.from({ length: 10 }, (_, t) => ({
        positions: raiseTop(t === 0 ? 2 : 0.5),
        normals: Float32Array.from({ length: 18 }, (_, i) => (t > 0 ? [1 / 9, 0, -1 / 9][i % 3]! : 0)),
      }));
      const geometry: Geometry = {
        name: base.name,
        vertices: base.vertices,
        indices: base.indices,
        morphTargets: targets,
      };
      const mesh = new Mesh('morphed', geometry, new Material('lambert', [1, 1, 1, 1])).setPosition(0, 0, Z);
      root.add(mesh);
      const { renderer, draw, watch } = await nativeRenderer(backend, { root, camera, native: [SIZE, SIZE] });
      renderer.world.clearColor = [0, 0, 0, 0];
      renderer.world.lightDirection.set([-1, 0, 0]); // lights faces turned to +x
      renderer.world.ambient.set([0.2, 0.2, 0.2]);
      renderer.world.lightColor.set([0.6, 0.6, 0.6]);
      expect(covered(await draw()), `${backend}: weight 0`).toEqual(rectangle(10, 22, 4, 28));
      mesh.setMorphWeight(0, 0.5);
      expect(covered(await draw()), `${backend}: weight ½`).toEqual(rectangle(10, 22, 4, 29));
      mesh.setMorphWeight(0, 1);
      expect(covered(await draw()), `${backend}: weight 1`).toEqual(rectangle(10, 22, 4, 30));
      const dark = await draw();
      expect(Array.from(dark.subarray((16 * SIZE + 16) * 4, (16 * SIZE + 16) * 4 + 4))).toEqual([
        51, 51, 51, 255,
      ]);
      // All ten at 1: 2 + 9 × 0.5 up, and the normals turned from +z to +x: lit fully by the light along −x.
      mesh.morphWeights = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1];
      const all = await draw();
      images.push(all);
      expect(covered(all), `${backend}: ten targets`).toEqual(rectangle(10, 22, 4, 34.5));
      expect(Array.from(all.subarray((16 * SIZE + 16) * 4, (16 * SIZE + 16) * 4 + 4))).toEqual([
        204, 204, 204, 255,
      ]);
      expect(watch.errors()).toEqual([]);
      renderer.destroy();
    }
    expect(images[1]).toEqual(images[0]);
  });
});

describe('deformed meshes come and go', () => {
  it('a skinned, morphed mesh added and removed again and again leaves the GPU objects as they were', async () => {
    for (const backend of TEST_BACKENDS) {
      const { renderer, draw, watch, root, mesh, skin } = await skinnedScene(backend);
      root.remove(mesh);
      await draw();
      const counts: unknown[] = [];
      for (let i = 0; i < 4; i++) {
        const base = strip(`body ${i}`);
        for (let v = 0; v < 6; v++) base.vertices[v * VERTEX_FLOATS + 2] = Z; // at the hip's depth, as bound
        const geometry: Geometry = {
          ...base,
          morphTargets: [{ positions: new Float32Array(18).fill(0.5) }],
        };
        const body = new Mesh(`body ${i}`, geometry, new Material('unlit', [1, 1, 1, 1]));
        body.skin = skin;
        body.setMorphWeight(0, 1);
        root.add(body);
        expect(
          covered(await draw()).some((c) => c === 1),
          `${backend}: drawn`,
        ).toBe(true);
        root.remove(body);
        if (i % 2 === 0) disposeGeometry(geometry); // half freed at once, half left to the sweep
        for (let f = 0; f < 4; f++) await draw();
        counts.push({ ...renderer.gpuObjects });
      }
      expect(counts.slice(1), `${backend}: objects after each cycle`).toEqual(counts.slice(0, -1));
      expect(watch.errors()).toEqual([]);
      renderer.destroy();
    }
  });
});
