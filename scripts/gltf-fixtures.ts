// The glTF test fixtures, written with glTF-Transform from Armature's own geometries, so a test can build the very same
// scene by hand with Nodes (see PROP below) and compare pixels; and the broken files each bad-input case loads.
import { Document, NodeIO, type Accessor, type Material, type Texture } from '@gltf-transform/core';
import { EXTMeshoptCompression, KHRDracoMeshCompression } from '@gltf-transform/extensions';
import draco3d from 'draco3d';
import { MeshoptEncoder } from 'meshoptimizer';
import { mat4 } from 'gl-matrix';
import { boxGeometry, quadGeometry, VERTEX_FLOATS, type Geometry } from '../src/scene/geometry';
import {
  PROP_COLORS,
  PROP_LAMP,
  PROP_LAMP_MATRIX,
  PROP_NODES,
  propVertexColor,
  type PropPrimitive,
} from './gltf-prop';

/** A 4×4 checker of two wood tones, the prop's texture. */
export function checkerTexels(): Uint8Array {
  const texels = new Uint8Array(4 * 4 * 4);
  for (let i = 0; i < 16; i++)
    texels.set((i + Math.floor(i / 4)) % 2 ? [196, 140, 84, 255] : [120, 78, 40, 255], i * 4);
  return texels;
}

const GEOMETRIES: Record<PropPrimitive['geometry'], Geometry> = {
  box: boxGeometry(1, 1, 1),
  quad: quadGeometry(1, 1),
};

/** How a variant of the prop stores its data: the same scene, written another way. */
interface PropVariant {
  /** Applied to the UVs of the wood's primitives (the inverse of a texture transform the file then declares). */
  woodUv?: (u: number, v: number) => [number, number];
  /** This node's attributes quantized (KHR_mesh_quantization), its scale halved to match positions doubled. */
  quantized?: string;
  /** This node's positions doubled, with a morph target of minus them at the mesh's default weight ½: the same shape. */
  morphed?: string;
  /** Every mesh compressed (EXT_meshopt_compression, lossless; or KHR_draco_mesh_compression), the extension required. */
  compressed?: 'meshopt' | 'draco';
  /** The wood's UVs in TEXCOORD_1, its map reading them (texCoord 1), and a decoy constant in TEXCOORD_0. */
  secondUvs?: boolean;
  /** This node's primitives coloured (COLOR_0, `propVertexColor`): its first as normalized bytes RGBA, others float RGB. */
  colored?: string;
}

/** The prop as a glTF document: nested nodes, several primitives, every index size, with and without normals. */
function propDocument(checkerPng: Uint8Array, variant: PropVariant = {}): Document {
  const doc = new Document();
  const buffer = doc.createBuffer('prop').setURI('prop.bin');
  const scene = doc.createScene('prop');
  const texture: Texture = doc
    .createTexture('checker')
    .setImage(checkerPng)
    .setMimeType('image/png')
    .setURI('checker.png');
  const materials = new Map<string, Material>();
  const material = (name: string): Material => {
    let m = materials.get(name);
    if (m) return m;
    const color = [...PROP_COLORS[name as keyof typeof PROP_COLORS]] as [number, number, number, number];
    m = doc.createMaterial(name).setBaseColorFactor(color).setRoughnessFactor(1);
    if (name === 'wood') {
      m.setBaseColorTexture(texture);
      m.getBaseColorTextureInfo()!.setMagFilter(9728).setMinFilter(9728).setWrapS(10497).setWrapT(10497);
      if (variant.secondUvs) m.getBaseColorTextureInfo()!.setTexCoord(1);
    }
    materials.set(name, m);
    return m;
  };
  const accessor = (
    name: string,
    array: Float32Array | Uint8Array | Uint16Array | Uint32Array,
    type: 'VEC4' | 'VEC3' | 'VEC2' | 'SCALAR',
  ): Accessor => doc.createAccessor(name).setArray(array).setType(type).setBuffer(buffer);
  const nodes = PROP_NODES.map((spec) => {
    const node = doc.createNode(spec.name);
    const trs = spec.name === 'lamp' ? PROP_LAMP : spec;
    if (trs.translation) node.setTranslation([...trs.translation]);
    if (trs.rotation) node.setRotation([...trs.rotation]);
    if (trs.scale)
      node.setScale(
        spec.name === variant.quantized
          ? (trs.scale.map((v) => v / 2) as [number, number, number])
          : [...trs.scale],
      );
    if (spec.primitives.length > 0) {
      const mesh = doc.createMesh(spec.name);
      spec.primitives.forEach((p, i) => {
        const g = GEOMETRIES[p.geometry];
        const count = g.vertices.length / VERTEX_FLOATS;
        const pick = (from: number, size: number) => {
          const out = new Float32Array(count * size);
          for (let v = 0; v < count; v++)
            for (let c = 0; c < size; c++) out[v * size + c] = g.vertices[v * VERTEX_FLOATS + from + c]!;
          if (from === 6 && p.material === 'wood' && variant.woodUv)
            for (let v = 0; v < count; v++) out.set(variant.woodUv(out[v * 2]!, out[v * 2 + 1]!), v * 2);
          return out;
        };
        // Quantized as exporters write it: positions whole int16 (doubled, the node's scale halved: exact), normals
        // normalized int8, UVs normalized uint16.
        const quantize = spec.name === variant.quantized;
        const store = (name: string, values: Float32Array, type: 'VEC3' | 'VEC2'): Accessor => {
          if (!quantize) return accessor(name, values, type);
          const [Kind, factor] =
            type === 'VEC2'
              ? [Uint16Array, 65535]
              : name.endsWith('normal')
                ? [Int8Array, 127]
                : [Int16Array, 2];
          const made = accessor(
            name,
            Kind.from(Array.from(values, (x) => Math.round(x * factor))) as never,
            type,
          );
          return factor === 2 ? made : made.setNormalized(true);
        };
        const primitive = doc.createPrimitive().setMaterial(material(p.material));
        const label = `${spec.name} ${i}`;
        if (p.indices === 'none') {
          // Not indexed: every corner its own vertex.
          const corners = Array.from(g.indices);
          const take = (from: number, size: number) => {
            const all = pick(from, size);
            return Float32Array.from(
              corners.flatMap((k) => Array.from(all.subarray(k * size, k * size + size))),
            );
          };
          primitive.setAttribute('POSITION', store(`${label} position`, take(0, 3), 'VEC3'));
          if (p.normals) primitive.setAttribute('NORMAL', store(`${label} normal`, take(3, 3), 'VEC3'));
          primitive.setAttribute('TEXCOORD_0', store(`${label} uv`, take(6, 2), 'VEC2'));
        } else {
          const positions = pick(0, 3);
          if (spec.name === variant.morphed) {
            positions.forEach((v, k) => (positions[k] = 2 * v));
            const delta = positions.map((v) => -v);
            primitive.addTarget(
              doc
                .createPrimitiveTarget()
                .setAttribute('POSITION', accessor(`${label} target`, delta, 'VEC3')),
            );
          }
          primitive.setAttribute('POSITION', store(`${label} position`, positions, 'VEC3'));
          if (p.normals) primitive.setAttribute('NORMAL', store(`${label} normal`, pick(3, 3), 'VEC3'));
          primitive.setAttribute('TEXCOORD_0', store(`${label} uv`, pick(6, 2), 'VEC2'));
          // meshopt's index codec takes 16- and 32-bit indices only.
          const size = variant.compressed === 'meshopt' && p.indices === 8 ? 16 : p.indices;
          const Kind = { 8: Uint8Array, 16: Uint16Array, 32: Uint32Array }[size];
          primitive.setIndices(accessor(`${label} indices`, Kind.from(g.indices), 'SCALAR'));
          if (spec.name === variant.colored) {
            const bytes = Array.from({ length: positions.length / 3 }, (_, v) => propVertexColor(v));
            primitive.setAttribute(
              'COLOR_0',
              i === 0
                ? accessor(
                    `${label} colour`,
                    Uint8Array.from(bytes.flatMap((c) => [...c, 255])),
                    'VEC4',
                  ).setNormalized(true)
                : accessor(
                    `${label} colour`,
                    Float32Array.from(bytes.flatMap((c) => c.map((x) => x / 255))),
                    'VEC3',
                  ),
            );
          }
        }
        if (variant.secondUvs && p.material === 'wood') {
          const uv = primitive.getAttribute('TEXCOORD_0')!;
          const decoy = new Float32Array(uv.getCount() * 2).fill(0.3);
          primitive
            .setAttribute('TEXCOORD_1', uv)
            .setAttribute('TEXCOORD_0', accessor(`${label} decoy`, decoy, 'VEC2'));
        }
        mesh.addPrimitive(primitive);
      });
      if (spec.name === variant.morphed) mesh.setWeights([0.5]);
      node.setMesh(mesh);
    }
    return node;
  });
  PROP_NODES.forEach((spec, i) => {
    if (spec.parent === null) scene.addChild(nodes[i]!);
    else nodes[PROP_NODES.findIndex((n) => n.name === spec.parent)]!.addChild(nodes[i]!);
  });
  doc.getRoot().setDefaultScene(scene);
  return doc;
}

type GltfJson = Record<string, unknown> & {
  nodes: Record<string, unknown>[];
  materials: Record<string, unknown>[];
};

/** The prop as `.gltf` (+ `.bin`, `checker.png`) and `.glb`, and the broken files of the bad-input tests. */
export async function gltfFixtures(checkerPng: Uint8Array): Promise<Record<string, Buffer>> {
  const { gltf, bin, glb } = await propFiles(checkerPng);
  // The same prop with its wood's texture offset and scaled (KHR_texture_transform) and its UVs made to match, and
  // with the sign's attributes quantized (KHR_mesh_quantization, required): both must draw as the prop does.
  const OFFSET = [0.25, 0.5];
  const SCALE = [2, 4];
  const transformed = await propFiles(checkerPng, {
    woodUv: (u, v) => [(u - OFFSET[0]!) / SCALE[0]!, (v - OFFSET[1]!) / SCALE[1]!],
  });
  const wood = transformed.gltf.materials.find((m) => m['name'] === 'wood')! as {
    pbrMetallicRoughness: { baseColorTexture: Record<string, unknown> };
  };
  wood.pbrMetallicRoughness.baseColorTexture['extensions'] = {
    KHR_texture_transform: { offset: OFFSET, scale: SCALE },
  };
  transformed.gltf['extensionsUsed'] = ['KHR_materials_unlit', 'KHR_texture_transform'];
  const morphed = await propFiles(checkerPng, { morphed: 'sign' });
  const meshopt = await propFiles(checkerPng, { compressed: 'meshopt' });
  const secondUvs = await propFiles(checkerPng, { secondUvs: true });
  const colored = await propFiles(checkerPng, { colored: 'sign' });
  // The glow material glowing through the checker (emissive factor × map, the factor doubled by
  // KHR_materials_emissive_strength).
  const emissive = JSON.parse(JSON.stringify(gltf)) as GltfJson;
  Object.assign(
    emissive.materials.find((m) => m['name'] === 'glow')!,
    {
      emissiveFactor: [0.5, 0.25, 0],
      emissiveTexture: { index: 0 },
      extensions: { KHR_materials_emissive_strength: { emissiveStrength: 2 } },
    },
  );
  emissive['extensionsUsed'] = ['KHR_materials_unlit', 'KHR_materials_emissive_strength'];
  const draco = await propFiles(checkerPng, { compressed: 'draco' });
  const meshoptGltf = JSON.parse(JSON.stringify(meshopt.gltf)) as GltfJson;
  (meshoptGltf['buffers'] as { uri?: string }[])[0]!.uri = 'prop-meshopt.bin';
  const quantized = await propFiles(checkerPng, { quantized: 'sign' });
  quantized.gltf['extensionsUsed'] = ['KHR_materials_unlit', 'KHR_mesh_quantization'];
  quantized.gltf['extensionsRequired'] = ['KHR_mesh_quantization'];
  // Two cameras on nodes of their own: a perspective one with no far plane, an orthographic one looking down.
  const withCameras = JSON.parse(JSON.stringify(gltf)) as GltfJson;
  withCameras['cameras'] = [
    { name: 'eye', type: 'perspective', perspective: { yfov: 0.8, znear: 0.1 } },
    { name: 'plan', type: 'orthographic', orthographic: { xmag: 2, ymag: 1.5, znear: 0.5, zfar: 20 } },
  ];
  const down = [-Math.SQRT1_2, 0, 0, Math.SQRT1_2];
  withCameras.nodes.push(
    { name: 'eye mount', camera: 0, translation: [0, 1, 5] },
    { name: 'plan mount', camera: 1, translation: [0, 6, 0], rotation: down },
  );
  (withCameras['scenes'] as { nodes: number[] }[])[0]!.nodes.push(
    withCameras.nodes.length - 2,
    withCameras.nodes.length - 1,
  );
  // What Armature does not draw yet, each once: it must be listed with where it is first used, never dropped quietly.
  const unsupported = JSON.parse(JSON.stringify(gltf)) as GltfJson & {
    meshes: { primitives: { attributes: Record<string, number> }[] }[];
  };
  const glowing = unsupported.materials.find((m) => m['name'] === 'wood')!;
  Object.assign(glowing, {
    emissiveFactor: [1, 0.5, 0],
    emissiveTexture: { index: 0, texCoord: 1 }, // on other UVs than its base colour map: drawn on those
    doubleSided: true,
    alphaMode: 'BLEND',
  });
  const firstPrimitive = unsupported.meshes[0]!.primitives[0]!;
  firstPrimitive.attributes['COLOR_1'] = firstPrimitive.attributes['NORMAL']!; // a second colour set: not drawn
  // The wood's sampler minifying through mip levels, and saying nothing of minification (the engine's choice).
  const mipmapped = JSON.parse(JSON.stringify(gltf)) as GltfJson;
  (mipmapped['samplers'] as Record<string, unknown>[])[0]!['minFilter'] = 9984;
  const unfiltered = JSON.parse(JSON.stringify(gltf)) as GltfJson;
  delete (unfiltered['samplers'] as Record<string, unknown>[])[0]!['minFilter'];
  return {
    ...(await badFixtures(gltf, bin, glb)),
    'src/assets/fixtures/prop-mipmapped.glb': Buffer.from(toGlb(mipmapped, bin[1], checkerPng)),
    'src/assets/fixtures/prop-no-min-filter.glb': Buffer.from(toGlb(unfiltered, bin[1], checkerPng)),
    'src/assets/fixtures/prop-unsupported.glb': Buffer.from(toGlb(unsupported, bin[1], checkerPng)),
    'src/assets/fixtures/prop-image-beside.glb': Buffer.from(toGlb(gltf, bin[1], null)),
    'src/assets/fixtures/prop-cameras.glb': Buffer.from(toGlb(withCameras, bin[1], checkerPng)),
    'src/assets/fixtures/prop-transformed.glb': Buffer.from(
      toGlb(transformed.gltf, transformed.bin[1], checkerPng),
    ),
    'src/assets/fixtures/prop-morphed.glb': Buffer.from(toGlb(morphed.gltf, morphed.bin[1], checkerPng)),
    'src/assets/fixtures/prop-meshopt.glb': Buffer.from(meshopt.glb),
    'src/assets/fixtures/prop-meshopt.gltf': Buffer.from(`${JSON.stringify(meshoptGltf, null, 1)}\n`),
    'src/assets/fixtures/prop-meshopt.bin': Buffer.from(meshopt.bin[1]),
    'src/assets/fixtures/prop-draco.glb': Buffer.from(draco.glb),
    'src/assets/fixtures/prop-second-uvs.glb': Buffer.from(secondUvs.glb),
    'src/assets/fixtures/prop-colors.glb': Buffer.from(colored.glb),
    'src/assets/fixtures/prop-emissive.glb': Buffer.from(toGlb(emissive, bin[1], checkerPng)),
    'src/assets/fixtures/prop-quantized.glb': Buffer.from(
      toGlb(quantized.gltf, quantized.bin[1], checkerPng),
    ),
  };
}

/** A variant of the prop as glTF JSON (the lamp placed by a matrix, the metal unlit), its .bin, and as a .glb. */
async function propFiles(checkerPng: Uint8Array, variant: PropVariant = {}) {
  const io = new NodeIO();
  const doc = propDocument(checkerPng, variant);
  if (variant.compressed === 'meshopt') {
    await MeshoptEncoder.ready;
    doc.createExtension(EXTMeshoptCompression).setRequired(true);
    io.registerExtensions([EXTMeshoptCompression]).registerDependencies({
      'meshopt.encoder': MeshoptEncoder,
    });
  }
  if (variant.compressed === 'draco') {
    doc.createExtension(KHRDracoMeshCompression).setRequired(true);
    io.registerExtensions([KHRDracoMeshCompression]).registerDependencies({
      'draco3d.encoder': await draco3d.createEncoderModule(),
    });
  }
  const { json, resources } = await io.writeJSON(doc, { format: 'json' } as never);
  const gltf = json as unknown as GltfJson;
  // The lamp's placement as a matrix (glTF-Transform writes TRS): the loader must decompose it.
  const lamp = gltf.nodes.find((n) => n['name'] === 'lamp')!;
  delete lamp['translation'];
  delete lamp['rotation'];
  delete lamp['scale'];
  lamp['matrix'] = Array.from(PROP_LAMP_MATRIX);
  // The metal is unlit (KHR_materials_unlit), read from the JSON.
  gltf.materials.find((m) => m['name'] === 'metal')!['extensions'] = { KHR_materials_unlit: {} };
  gltf['extensionsUsed'] = [
    'KHR_materials_unlit',
    ...((gltf['extensionsUsed'] as string[] | undefined) ?? []),
  ];
  const bin = Object.entries(resources).find(([uri]) => uri.endsWith('.bin'))!;
  const glb = toGlb(gltf, bin[1], checkerPng);
  return { gltf, bin, glb };
}

/** The prop as `.gltf`, `.bin` and `.glb`, and the broken files of the bad-input tests made from it. */
async function badFixtures(
  gltf: GltfJson,
  bin: [string, Uint8Array],
  glb: Uint8Array,
): Promise<Record<string, Buffer>> {
  const text = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 1)}\n`);
  const variant = (change: (j: GltfJson) => void) => {
    const copy = JSON.parse(JSON.stringify(gltf)) as GltfJson;
    change(copy);
    return text(copy);
  };
  const buffers = (j: GltfJson) => j['buffers'] as { uri: string }[];
  const images = (j: GltfJson) => j['images'] as { uri: string }[];
  const up = (j: GltfJson) => {
    buffers(j)[0]!.uri = `../${buffers(j)[0]!.uri}`;
    images(j)[0]!.uri = `../${images(j)[0]!.uri}`;
  };
  const sheared = mat4.fromValues(1, 0, 0, 0, 0.5, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1);
  return {
    'src/assets/fixtures/prop.gltf': text(gltf),
    [`src/assets/fixtures/${bin[0]}`]: Buffer.from(bin[1]),
    'src/assets/fixtures/prop.glb': Buffer.from(glb),
    'src/assets/fixtures/bad/truncated.glb': Buffer.from(glb.subarray(0, Math.floor(glb.length / 2))),
    'src/assets/fixtures/bad/not-json.gltf': Buffer.from('{ "asset": { "version": "2.0" }, oops\n'),
    'src/assets/fixtures/bad/bad-magic.glb': Buffer.from([0x47, 0x49, 0x46, 0x38, ...glb.subarray(4, 64)]),
    'src/assets/fixtures/bad/missing-buffer.gltf': variant((j) => {
      up(j);
      buffers(j)[0]!.uri = 'not-there.bin';
    }),
    'src/assets/fixtures/bad/index-out-of-range.gltf': variant((j) => {
      up(j);
      const accessors = j['accessors'] as { count: number; max?: number[] }[];
      // The post's vertices: claim 4 of the 24, so its indices point past them.
      const post = (
        j['meshes'] as { name: string; primitives: { attributes: Record<string, number> }[] }[]
      ).find((m) => m.name === 'post')!;
      const position = accessors[post.primitives[0]!.attributes['POSITION']!]!;
      position.count = 4;
      for (const name of ['TEXCOORD_0']) accessors[post.primitives[0]!.attributes[name]!]!.count = 4;
    }),
    'src/assets/fixtures/bad/accessor-past-view.gltf': variant((j) => {
      up(j);
      // The sign's positions claim 1 000 elements: far past the bytes of their buffer view.
      const accessors = j['accessors'] as { count: number }[];
      const sign = (
        j['meshes'] as { name: string; primitives: { attributes: Record<string, number> }[] }[]
      ).find((m) => m.name === 'sign')!;
      accessors[sign.primitives[0]!.attributes['POSITION']!]!.count = 1000;
    }),
    'src/assets/fixtures/bad/image-not-decoding.gltf': variant((j) => {
      up(j);
      images(j)[0]!.uri = 'not-an-image.png';
    }),
    'src/assets/fixtures/bad/not-an-image.png': Buffer.from('this is text, not a PNG\n'),
    'src/assets/fixtures/bad/sheared.gltf': variant((j) => {
      up(j);
      j.nodes.find((n) => n['name'] === 'lamp')!['matrix'] = Array.from(sheared);
    }),
    'src/assets/fixtures/bad/huge-accessor.gltf': variant((j) => {
      up(j);
      // An accessor with no buffer view (zeros, as sparse accessors start) asking for 100 million vectors.
      const accessors = j['accessors'] as { count: number; bufferView?: number }[];
      accessors.push({ ...accessors[0]!, count: 100_000_000 });
      delete accessors[accessors.length - 1]!.bufferView;
    }),
    'src/assets/fixtures/bad/singular.gltf': variant((j) => {
      up(j);
      // A matrix that flattens its node (a zero scale on x): no rotation can be read from it.
      j.nodes.find((n) => n['name'] === 'lamp')!['matrix'] = [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
    }),
    'src/assets/fixtures/bad/huge-translation.gltf': variant((j) => {
      up(j);
      // Finite in the JSON, Infinity as the 32-bit float a transform is stored as.
      const lamp = j.nodes.find((n) => n['name'] === 'lamp')!;
      delete lamp['matrix'];
      lamp['translation'] = [1e39, 0, 0];
    }),
    'src/assets/fixtures/bad/animated.gltf': variant((j) => {
      up(j);
      // An animation of one key (its keys in a buffer of their own): read as a clip.
      const accessors = j['accessors'] as unknown[];
      const bufferViews = j['bufferViews'] as unknown[];
      const keys = Buffer.from(new Float32Array([0, 0, 0, 0, 1]).buffer);
      buffers(j).push({
        uri: `data:application/octet-stream;base64,${keys.toString('base64')}`,
        byteLength: 20,
      } as never);
      bufferViews.push(
        { buffer: buffers(j).length - 1, byteOffset: 0, byteLength: 4 },
        { buffer: buffers(j).length - 1, byteOffset: 4, byteLength: 16 },
      );
      accessors.push(
        {
          bufferView: bufferViews.length - 2,
          componentType: 5126,
          count: 1,
          type: 'SCALAR',
          min: [0],
          max: [0],
        },
        { bufferView: bufferViews.length - 1, componentType: 5126, count: 1, type: 'VEC4' },
      );
      j['animations'] = [
        {
          name: 'spin',
          channels: [{ sampler: 0, target: { node: 0, path: 'rotation' } }],
          samplers: [{ input: accessors.length - 2, output: accessors.length - 1 }],
        },
      ];
    }),
  };
}

/**
 * The same file as a .glb: the JSON chunk, then one BIN chunk holding the buffer and the image after it (the image
 * then read through a buffer view, as .glb files embed them).
 */
function toGlb(gltf: GltfJson, bin: Uint8Array, png: Uint8Array | null): Uint8Array {
  const json = JSON.parse(JSON.stringify(gltf)) as GltfJson;
  const pad = (n: number) => (n + 3) & ~3;
  const imageAt = pad(bin.length);
  // Without `png` the image stays the file beside it that the JSON names (a .glb may name files, as a .gltf does).
  const body = new Uint8Array(pad(png ? imageAt + png.length : bin.length));
  body.set(bin);
  if (png) {
    body.set(png, imageAt);
    const views = json['bufferViews'] as Record<string, unknown>[];
    views.push({ buffer: 0, byteOffset: imageAt, byteLength: png.length });
    json['images'] = [{ name: 'checker', mimeType: 'image/png', bufferView: views.length - 1 }];
  }
  // Buffers after the first (a meshopt fallback, which holds no bytes) stay as they are.
  json['buffers'] = [{ byteLength: body.length }, ...((json['buffers'] as unknown[]).slice(1) ?? [])];
  const text = new TextEncoder().encode(JSON.stringify(json));
  const jsonChunk = new Uint8Array(pad(text.length)).fill(0x20);
  jsonChunk.set(text);
  const out = new Uint8Array(12 + 8 + jsonChunk.length + 8 + body.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x46546c67, true); // "glTF"
  view.setUint32(4, 2, true);
  view.setUint32(8, out.length, true);
  view.setUint32(12, jsonChunk.length, true);
  view.setUint32(16, 0x4e4f534a, true); // "JSON"
  out.set(jsonChunk, 20);
  view.setUint32(20 + jsonChunk.length, body.length, true);
  view.setUint32(24 + jsonChunk.length, 0x004e4942, true); // "BIN"
  out.set(body, 28 + jsonChunk.length);
  return out;
}
