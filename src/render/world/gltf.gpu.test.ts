import { Document, WebIO } from '@gltf-transform/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROP_COLORS, PROP_LAMP, PROP_NODES, propVertexColor } from '../../../scripts/gltf-prop';
import { loadGltf } from '../../assets/load-gltf';
import { loadTexture } from '../../assets/load-texture';
import { dracoDecoderModule } from '../../assets/test-draco';
import type { BackendName } from '../../device/device';
import { Camera } from '../../scene/camera';
import { boxGeometry, quadGeometry, VERTEX_FLOATS, type Geometry } from '../../scene/geometry';
import { Material } from '../../scene/material';
import { Mesh } from '../../scene/mesh';
import { Node } from '../../scene/node';
import { nativeRenderer, TEST_BACKENDS } from '../renderers/test-backends';

/** A fixture by its path in src/assets/fixtures/ (resolved at run time: Vite rewrites a URL it can see whole). */
const FIXTURES = new URL('../../assets/fixtures/texel-test.png', import.meta.url);
const fixture = (name: string) => new URL(name, FIXTURES).href;
const [W, H] = [160, 120];

/** The prop of scripts/gltf-prop.ts built by hand with Nodes: what the glTF fixture must draw, pixel for pixel. */
async function propByHand({ mipmaps = false, glowing = false, colored = false } = {}): Promise<Node> {
  const checker = await loadTexture(fixture('checker.png'), { wrap: 'repeat', mipmaps });
  const materials = {
    wood: new Material('lambert', [...PROP_COLORS.wood], { map: checker }),
    metal: new Material('unlit', [...PROP_COLORS.metal]),
    glow: new Material(
      'lambert',
      [...PROP_COLORS.glow],
      glowing ? { emissive: [1, 0.5, 0], emissiveMap: checker } : {},
    ),
  };
  const geometries: Record<string, Geometry> = { box: boxGeometry(1, 1, 1), quad: quadGeometry(1, 1) };
  const root = new Node('prop');
  const nodes = new Map<string, Node>();
  for (const spec of PROP_NODES) {
    const node = new Node(spec.name);
    const trs = spec.name === 'lamp' ? PROP_LAMP : spec;
    if (trs.translation) node.setPosition(...(trs.translation as [number, number, number]));
    if (trs.rotation) node.setRotation(...(trs.rotation as [number, number, number, number]));
    if (trs.scale) node.setScale(...(trs.scale as [number, number, number]));
    spec.primitives.forEach((p, i) => {
      const geometry = geometries[p.geometry]!;
      // The coloured prop's sign: each vertex its propVertexColor (bytes / 255, alpha 1).
      const colors = Float32Array.from(
        Array.from({ length: geometry.vertices.length / VERTEX_FLOATS }, (_, v) => [
          ...propVertexColor(v).map((c) => c / 255),
          1,
        ]).flat(),
      );
      const drawn = colored && spec.name === 'sign' ? { ...geometry, colors } : geometry;
      node.add(new Mesh(`${spec.name} #${i}`, drawn, materials[p.material]));
    });
    (spec.parent ? nodes.get(spec.parent)! : root).add(node);
    nodes.set(spec.name, node);
  }
  return root;
}

/** Draws `prop` seen from the front and above, and reads the native image back. */
async function draw(backend: BackendName, prop: Node): Promise<Uint8Array> {
  const root = new Node('root').add(prop);
  const camera = new Camera('eye', { kind: 'perspective', fovY: 0.9, near: 0.1, far: 20 });
  camera.setPosition(1.2, 1.4, 3.2).lookAt([0, 0.2, 0]);
  root.add(camera);
  const { renderer, draw, watch } = await nativeRenderer(backend, { root, camera, native: [W, H] });
  const pixels = await draw();
  expect(watch.errors()).toEqual([]);
  renderer.destroy();
  return pixels;
}

/** The image `camera` sees of `root` (which holds it). */
async function drawWith(backend: BackendName, root: Node, camera: Camera): Promise<Uint8Array> {
  const { renderer, draw, watch } = await nativeRenderer(backend, { root, camera, native: [W, H] });
  const pixels = await draw();
  expect(watch.errors()).toEqual([]);
  renderer.destroy();
  return pixels;
}

/** How many distinct colours an image has: textured, lit and unlit parts give several. */
function colours(pixels: Uint8Array): number {
  const seen = new Set<number>();
  const words = new Uint32Array(pixels.buffer, pixels.byteOffset, pixels.length / 4);
  for (const w of words) seen.add(w);
  return seen.size;
}

describe('glTF 2.0 on real WebGPU and WebGL2', () => {
  afterEach(() => vi.restoreAllMocks());

  it('a .gltf with nested transforms draws pixel-equal to the same scene built by hand; the .glb too', async () => {
    const images: Uint8Array[] = [];
    for (const backend of TEST_BACKENDS) {
      const gltf = await loadGltf(fixture('prop.gltf'));
      expect(gltf.nodes.map((n) => n.name)).toEqual(['base', 'post', 'lamp', 'sign']);
      expect(gltf.root.children.map((n) => n.name)).toEqual(['base', 'sign']);
      expect(gltf.nodes[2]!.parent).toBe(gltf.nodes[1]);
      expect(gltf.meshes.map((m) => m.name)).toEqual(['base #0', 'post #0', 'lamp #0', 'sign #0', 'sign #1']);
      expect(gltf.materials.map((m) => m.kind)).toEqual(['lambert', 'unlit', 'lambert']);
      expect(gltf.unsupported).toEqual([]);
      // The lamp's matrix came back as its TRS.
      const lamp = gltf.nodes[2]!;
      expect(Array.from(lamp.position)).toEqual(PROP_LAMP.translation.map((v) => expect.closeTo(v, 6)));
      expect(Array.from(lamp.scale)).toEqual(PROP_LAMP.scale.map((v) => expect.closeTo(v, 6)));
      const loaded = await draw(backend, gltf.root);
      const byHand = await draw(backend, await propByHand());
      expect(colours(loaded)).toBeGreaterThan(8);
      expect(loaded, `${backend}: glTF vs by hand`).toEqual(byHand);
      const glb = await loadGltf(fixture('prop.glb'));
      expect(await draw(backend, glb.root), `${backend}: .glb vs .gltf`).toEqual(loaded);
      images.push(loaded);
    }
    expect(images[1]).toEqual(images[0]);
  });

  it("KHR_draco_mesh_compression with the app's decoder draws the prop pixel-equal; without one, its meshes are left out and listed", async () => {
    const draco = await dracoDecoderModule();
    const without = await loadGltf(fixture('prop-draco.glb'));
    // Only the lamp (not indexed, which Draco's glTF extension cannot hold) is stored plain.
    expect(without.meshes.map((m) => m.name)).toEqual(['lamp #0']);
    expect(without.unsupported).toEqual([
      'Draco-compressed meshes (KHR_draco_mesh_compression: pass a decoder as the draco option)',
    ]);
    await expect(loadGltf(fixture('prop-draco.glb'), { draco: {} })).rejects.toThrow(
      /options\.draco is not a Draco decoder module/,
    );
    for (const backend of TEST_BACKENDS) {
      const gltf = await loadGltf(fixture('prop-draco.glb'), { draco });
      expect(gltf.unsupported).toEqual([]);
      expect(gltf.meshes).toHaveLength((await loadGltf(fixture('prop.glb'))).meshes.length);
      const plain = await draw(backend, (await loadGltf(fixture('prop.glb'))).root);
      expect(await draw(backend, gltf.root), `${backend}: prop-draco.glb`).toEqual(plain);
    }
  });

  it('KHR_texture_transform, KHR_mesh_quantization, default morph weights: the same prop written those ways draws pixel-equal', async () => {
    for (const backend of TEST_BACKENDS) {
      const plain = await draw(backend, (await loadGltf(fixture('prop.glb'))).root);
      // prop-image-beside.glb: a .glb whose image is the file beside it (read like a .gltf's).
      for (const name of [
        'prop-transformed.glb',
        'prop-quantized.glb',
        'prop-morphed.glb',
        'prop-image-beside.glb',
        'prop-meshopt.glb',
        'prop-meshopt.gltf',
        'prop-second-uvs.glb',
      ]) {
        const gltf = await loadGltf(fixture(name));
        expect(gltf.unsupported, name).toEqual([]);
        expect(await draw(backend, gltf.root), `${backend}: ${name}`).toEqual(plain);
      }
    }
  });

  it('a sampler that minifies through mip levels, or says nothing of it, gets them: the prop drawn small equals it built by hand with mipmaps', async () => {
    const small = (prop: Node) => new Node('small').setScale(0.12, 0.12, 0.12).add(prop);
    const wood = (gltf: { materials: Material[] }) => gltf.materials.find((m) => m.map)!.map!;
    expect(wood(await loadGltf(fixture('prop.glb'))).mipmaps).toBe(false); // its sampler says NEAREST
    expect(wood(await loadGltf(fixture('prop-no-min-filter.glb'))).mipmaps).toBe(true);
    for (const backend of TEST_BACKENDS) {
      const gltf = await loadGltf(fixture('prop-mipmapped.glb'));
      expect(wood(gltf).mipmaps).toBe(true);
      const loaded = await draw(backend, small(gltf.root));
      expect(loaded, `${backend}: mipmapped glTF vs by hand`).toEqual(
        await draw(backend, small(await propByHand({ mipmaps: true }))),
      );
      // Not a drawing that mip levels leave alone: without them the small prop reads other texels.
      expect(loaded).not.toEqual(await draw(backend, small(await propByHand())));
    }
  });

  it('emissive factor × map, with KHR_materials_emissive_strength: the glowing prop equals it built by hand', async () => {
    for (const backend of TEST_BACKENDS) {
      const gltf = await loadGltf(fixture('prop-emissive.glb'));
      expect(gltf.unsupported).toEqual([]);
      const glowing = await draw(backend, gltf.root);
      expect(glowing, `${backend}: emissive glTF vs by hand`).toEqual(
        await draw(backend, await propByHand({ glowing: true })),
      );
      expect(glowing).not.toEqual(await draw(backend, await propByHand()));
    }
  });

  it('COLOR_0 (normalized bytes RGBA, float RGB, with and without normals) equals the prop built by hand with the colours', async () => {
    for (const backend of TEST_BACKENDS) {
      const gltf = await loadGltf(fixture('prop-colors.glb'));
      expect(gltf.unsupported).toEqual([]);
      expect(gltf.meshes.filter((m) => m.geometry.colors).map((m) => m.name)).toEqual(['sign #0', 'sign #1']);
      const colored = await draw(backend, gltf.root);
      expect(colored, `${backend}: coloured glTF vs by hand`).toEqual(
        await draw(backend, await propByHand({ colored: true })),
      );
      expect(colored).not.toEqual(await draw(backend, await propByHand()));
    }
  });

  it('cameras: each a Camera on its node; drawing through one draws what a camera made by hand there draws', async () => {
    const gltf = await loadGltf(fixture('prop-cameras.glb'));
    expect(gltf.cameras.map((c) => [c.name, c.parent!.name])).toEqual([
      ['eye', 'eye mount'],
      ['plan', 'plan mount'],
    ]);
    expect(gltf.cameras[0]!.projection).toEqual({
      kind: 'perspective',
      fovY: expect.closeTo(0.8, 6),
      near: expect.closeTo(0.1, 6),
      far: expect.closeTo(10_000, 2),
    });
    expect(gltf.cameras[1]!.projection).toEqual({
      kind: 'orthographic',
      left: -2,
      right: 2,
      bottom: -1.5,
      top: 1.5,
      near: 0.5,
      far: 20,
    });
    expect(Array.from(gltf.cameras[1]!.worldPosition)).toEqual([0, 6, 0]);
    for (const backend of TEST_BACKENDS) {
      for (const camera of gltf.cameras) {
        const byHand = new Camera('by hand', camera.projection);
        byHand.setPosition(...(Array.from(camera.parent!.position) as [number, number, number]));
        byHand.setRotation(...(Array.from(camera.parent!.rotation) as [number, number, number, number]));
        const world = new Node('world').add(gltf.root).add(byHand);
        const seen = await drawWith(backend, world, camera);
        expect(colours(seen), `${backend} ${camera.name}`).toBeGreaterThan(3);
        expect(seen, `${backend} ${camera.name}`).toEqual(await drawWith(backend, world, byHand));
        world.remove(gltf.root);
      }
    }
  });

  it('flat normals where NORMAL is missing, every index size, non-indexed corners', async () => {
    const gltf = await loadGltf(fixture('prop.gltf'));
    const [base, post, lamp, sign, signBox] = gltf.meshes;
    // The post's box had no NORMAL: one vertex per corner, each with its face's normal.
    expect(post!.geometry.vertices.length / 8).toBe(36);
    expect(Array.from(post!.geometry.vertices.subarray(3, 6))).toEqual(
      Array.from(boxGeometry().vertices.subarray(3, 6)),
    );
    expect(signBox!.geometry.indices.length).toBe(36);
    expect([
      base!.geometry.indices.length,
      lamp!.geometry.indices.length,
      sign!.geometry.indices.length,
    ]).toEqual([36, 6, 6]);
  });

  it('reads normalized integer UVs scaled to 0…1, and names a value that is not finite', async () => {
    const file = async (position: Float32Array) => {
      const doc = new Document();
      const buffer = doc.createBuffer();
      const accessor = (type: 'VEC3' | 'VEC2', array: Float32Array | Uint8Array) =>
        doc.createAccessor().setType(type).setArray(array).setBuffer(buffer);
      const primitive = doc
        .createPrimitive()
        .setAttribute('POSITION', accessor('VEC3', position))
        .setAttribute('NORMAL', accessor('VEC3', new Float32Array([0, 0, 1, 0, 0, 1, 0, 0, 1])))
        .setAttribute(
          'TEXCOORD_0',
          accessor('VEC2', new Uint8Array([0, 0, 255, 0, 51, 255])).setNormalized(true),
        );
      const mesh = doc.createMesh('tri').addPrimitive(primitive);
      doc.createScene().addChild(doc.createNode('n').setMesh(mesh));
      const glb = await new WebIO().writeBinary(doc);
      return URL.createObjectURL(new Blob([glb as BlobPart], { type: 'model/gltf-binary' }));
    };
    const gltf = await loadGltf(await file(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0])));
    const v = gltf.meshes[0]!.geometry.vertices;
    expect([0, 1, 2].map((i) => [v[i * 8 + 6], v[i * 8 + 7]])).toEqual([
      [0, 0],
      [1, 0],
      [Math.fround(51 / 255), 1],
    ]);
    await expect(loadGltf(await file(new Float32Array([0, 0, 0, 1, Infinity, 0, 0, 1, 0])))).rejects.toThrow(
      /primitive "tri #0": element 1 is not finite/,
    );
  });

  it('lists what it does not draw once per feature, with where the file first uses it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const gltf = await loadGltf(fixture('prop-unsupported.glb'));
    expect(gltf.unsupported).toEqual([
      'an emissive map on other UVs than the base colour map (drawn on the base colour map\'s), first in material "wood"',
      'vertex colour sets past COLOR_0 (not drawn), first in mesh "base #0"',
    ]);
    expect(warn).toHaveBeenCalledTimes(2);
    // The wood is double-sided and blended, as the file says.
    expect(gltf.materials.map((m) => [m.doubleSided, m.blend])).toEqual([
      [true, true],
      [false, false],
      [false, false],
    ]);
    expect(String(warn.mock.calls[1]![0])).toMatch(
      /glTF ".*prop-unsupported\.glb": vertex colour sets past COLOR_0 \(not drawn\) not supported yet \(first in mesh "base #0"\); loaded the rest\./,
    );
    expect(gltf.meshes).toHaveLength(5);
  });

  it('reads an animation as an AnimationClip on the nodes it moves', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const gltf = await loadGltf(fixture('bad/animated.gltf'));
    expect(gltf.unsupported).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
    expect(gltf.meshes).toHaveLength(5);
    const [spin] = gltf.animations;
    expect([gltf.animations.length, spin!.name, spin!.duration]).toEqual([1, 'spin', 0]);
    expect(spin!.channels.map((c) => [c.node, c.path, c.interpolation, [...c.times], [...c.values]])).toEqual(
      [[gltf.nodes[0], 'rotation', 'LINEAR', [0], [0, 0, 0, 1]]],
    );
  });

  it('names the file and the problem for each bad input', async () => {
    const bad = (name: string) => loadGltf(fixture(name));
    await expect(bad('nowhere.gltf')).rejects.toThrow(/Fetching ".*nowhere\.gltf" answered 404/);
    await expect(bad('bad/not-json.gltf')).rejects.toThrow(/glTF ".*not-json\.gltf": not JSON/);
    await expect(bad('bad/truncated.glb')).rejects.toThrow(
      /glTF ".*truncated\.glb": a truncated \.glb: it ends at byte \d+ of the \d+ its header gives\./,
    );
    await expect(bad('bad/bad-magic.glb')).rejects.toThrow(
      /glTF ".*bad-magic\.glb": neither a \.glb \(its first bytes are 47 49 46 38, not "glTF"\) nor a \.gltf/,
    );
    await expect(bad('bad/missing-buffer.gltf')).rejects.toThrow(
      /glTF ".*missing-buffer\.gltf": its resource "not-there\.bin": Fetching .* answered 404/,
    );
    await expect(bad('bad/index-out-of-range.gltf')).rejects.toThrow(
      /glTF ".*index-out-of-range\.gltf": primitive "post #0": index \d+ is \d+, out of range of its 4 vertices/,
    );
    await expect(bad('bad/accessor-past-view.gltf')).rejects.toThrow(
      /glTF ".*accessor-past-view\.gltf": accessor \d+ \("sign 0 position"\)'s 1000 elements end at byte \d+ of buffer view \d+, which has \d+ bytes/,
    );
    await expect(bad('bad/image-not-decoding.gltf')).rejects.toThrow(
      /not-an-image\.png.*is not an image the browser can decode/,
    );
    await expect(bad('bad/sheared.gltf')).rejects.toThrow(
      /glTF ".*sheared\.gltf": node "lamp" has a matrix with shear/,
    );
    const started = performance.now();
    await expect(bad('bad/huge-accessor.gltf')).rejects.toThrow(
      /glTF ".*huge-accessor\.gltf": accessor \d+ \(".*"\) has no buffer view and 100000000 elements: \d+ MiB of zeros/,
    );
    expect(performance.now() - started).toBeLessThan(1000); // refused before anything is allocated
    await expect(bad('bad/singular.gltf')).rejects.toThrow(
      /glTF ".*singular\.gltf": node "lamp" has a singular matrix \(a scale of 0 along some axis\)/,
    );
    await expect(bad('bad/huge-translation.gltf')).rejects.toThrow(
      /glTF ".*huge-translation\.gltf": node "lamp": Node "lamp": setPosition\(1e\+39, 0, 0\) has a value that is not a finite 32-bit float/,
    );
  });
});
