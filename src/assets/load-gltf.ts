import type {
  Accessor,
  Animation as GltfAnimation,
  Camera as GltfCamera,
  Document,
  JSONDocument,
  Material as GltfMaterial,
  Node as GltfNode,
  Primitive,
  Skin as GltfSkin,
  Texture as GltfTexture,
  TextureInfo,
} from '@gltf-transform/core';
import { mat4, quat, vec3 } from 'gl-matrix';
import { VERTEX_FLOATS, type Geometry } from '../scene/geometry';
import { AnimationClip, type AnimationChannel } from '../scene/animation-clip';
import { Camera } from '../scene/camera';
import { Material } from '../scene/material';
import { Mesh } from '../scene/mesh';
import { Node } from '../scene/node';
import { MAX_MORPH_TARGETS, MAX_SKIN_JOINTS } from '../scene/deform-limits';
import { Skin } from '../scene/skin';
import { Texture, type TextureFilter, type TextureWrap } from '../scene/texture';
import { fetchBlob, loadImage } from './load-texture';
import { checkGlb, checkGltf, checkShape } from './check-gltf';
import { textureTransform, transformUvs, type UvTransform } from './texture-transform';

/** How a glTF file is turned into nodes. */
export interface GltfOptions {
  /**
   * Read every texture nearest-texel, whatever its sampler says (default true: pixel art). False follows the file's
   * samplers (linear where they ask for it, and where they say nothing).
   */
  nearest?: boolean;
  /**
   * Google's Draco decoder module, for files whose meshes are Draco-compressed (KHR_draco_mesh_compression): what
   * `DracoDecoderModule()` resolves to (from `draco_decoder.js`, which three.js ships in `examples/jsm/libs/draco/`
   * and Google serves at `https://www.gstatic.com/draco/versioned/decoders/<version>/`), or
   * `draco3d.createDecoderModule()`. Armature does not carry it (it is large); without it such meshes are left out
   * and listed in `unsupported`.
   */
  draco?: object;
}

/** A glTF file as Armature nodes; nothing is added to any scene until you add `root`. */
export interface GltfScene {
  /** The file's scene (its default one, else its first): add it where you want it. */
  root: Node;
  /** One per glTF node, in the file's order (a node with a mesh is a `Node` holding a `Mesh` per primitive). */
  nodes: Node[];
  /** One per triangle primitive drawn. */
  meshes: Mesh<Geometry, Material>[];
  /** One per glTF material, in the file's order; primitives without one share a default. */
  materials: Material[];
  /**
   * The file's cameras, one per node that has one, in the nodes' order: each a `Camera` child of its node (named after
   * the glTF camera), looking down the node's -Z as glTF's do. Render through one with `renderer.camera = camera`.
   */
  cameras: Camera[];
  /**
   * One per glTF animation, in the file's order, moving the nodes in `nodes`: play them with an `AnimationMixer`
   * (`mixer.clipAction(clip).play()`).
   */
  animations: AnimationClip[];
  /** Features of the file left out (skins, …): each also warned about once. */
  unsupported: string[];
}

type GltfJson = JSONDocument['json'];

const UNLIT = 'KHR_materials_unlit';
const EMISSIVE_STRENGTH = 'KHR_materials_emissive_strength';
const DRACO = 'KHR_draco_mesh_compression';
const MESHOPT = 'EXT_meshopt_compression';
const QUANTIZATION = 'KHR_mesh_quantization';
const TEXTURE_TRANSFORM = 'KHR_texture_transform';
/**
 * Extensions read (unlit from the JSON; quantized attributes through the accessors, which dequantize; texture
 * transforms baked into the UVs; meshopt through its decoder). Draco is read with the app's decoder, else its
 * primitives are skipped and reported.
 */
const READ = new Set([UNLIT, EMISSIVE_STRENGTH, QUANTIZATION, TEXTURE_TRANSFORM, MESHOPT]);
/** glTF primitive mode 4: triangles, the only one drawn. */
const TRIANGLES = 4;
const NEAREST_FILTERS = new Set([9728, 9984, 9986]);
/** The minification filters that read mip levels (NEAREST_MIPMAP_NEAREST … LINEAR_MIPMAP_LINEAR). */
const MIPMAP_FILTERS = new Set([9984, 9985, 9986, 9987]);
const REPEAT = 10497;
const CLAMP_TO_EDGE = 33071;
const MIRRORED_REPEAT = 33648;

/**
 * Loads a glTF 2.0 file (`.gltf` with its `.bin` and images, or `.glb`), parsed by glTF-Transform, into a `Node` tree:
 * the hierarchy with its TRS (a matrix is decomposed; shear is an error naming the node), triangle primitives (indexed
 * with 8-, 16- or 32-bit indices or not; POSITION, NORMAL, the TEXCOORD_n the maps read, flat normals where NORMAL is
 * missing; any buffer layout), materials (`baseColorFactor`, `baseColorTexture` and `emissiveTexture` with their
 * samplers — wrap, filter, mip levels — and `KHR_texture_transform`, `emissiveFactor` with
 * `KHR_materials_emissive_strength`, `KHR_materials_unlit`, alpha cut-out), quantized attributes
 * (`KHR_mesh_quantization`), compressed buffers (`EXT_meshopt_compression`) and, given a decoder
 * (`GltfOptions.draco`), Draco meshes. Skins become `Skin`s of the joint nodes (JOINTS_0 and WEIGHTS_0 read, weights
 * scaled to sum to 1; a mesh's skin of more than 128 joints refuses the file, naming the mesh); morph targets stay targets (`Geometry.morphTargets`, up to 16) at the weights the file gives
 * (the node's, else the mesh's, as `Mesh.morphWeights`); animations become `AnimationClip`s (translation, rotation,
 * scale and morph weights); cameras become `Camera`s. What is left out (other maps and modes, a fifth joint a vertex)
 * is listed once per feature in `unsupported`, with the first place it is used, and warned about; the rest loads. A
 * missing file or buffer, a truncated `.glb`, bad JSON, an accessor out of range, an image that does not decode: each
 * rejects naming the file and the problem.
 */
export async function loadGltf(url: string | URL, options: GltfOptions = {}): Promise<GltfScene> {
  const file = String(url);
  const fail = (why: string): never => {
    throw new Error(`glTF "${file}": ${why}`);
  };
  const unsupported: string[] = [];
  const reported = new Set<string>();
  // Once per feature, with the first place the file uses it.
  const report = (feature: string, where?: string) => {
    if (reported.has(feature)) return;
    reported.add(feature);
    unsupported.push(where ? `${feature}, first in ${where}` : feature);
    console.warn(
      `glTF "${file}": ${feature} not supported yet${where ? ` (first in ${where})` : ''}; loaded the rest.`,
    );
  };
  const draco = options.draco ?? null;
  if (draco !== null && !isDracoModule(draco))
    throw new TypeError(
      `loadGltf("${file}"): options.draco is not a Draco decoder module (it has no Decoder and DecoderBuffer); pass ` +
        'what DracoDecoderModule() resolves to.',
    );
  const jsonDoc = await readJson(file, fail);
  const json = jsonDoc.json;
  // Without the app's Draco decoder its primitives are skipped, not the file. Any other required extension not read
  // means the file cannot be drawn without it.
  const required = json.extensionsRequired ?? [];
  for (const name of required)
    if (!READ.has(name) && name !== DRACO)
      fail(`it requires the extension ${name}, which Armature does not read.`);
  // The parser is told of the required extensions it decodes; the rest are Armature's to read from the JSON.
  json.extensionsRequired = required.filter((name) => name === MESHOPT || (name === DRACO && draco));
  const used = json.extensionsUsed ?? [];
  for (const name of used)
    if (name === DRACO && !draco)
      report('Draco-compressed meshes (KHR_draco_mesh_compression: pass a decoder as the draco option)');
    else if (!READ.has(name) && name !== DRACO) report(`the extension ${name}`);
  const io = await (await import('./gltf-io')).gltfIo({ meshopt: used.includes(MESHOPT), draco });
  const uvs = (json.materials ?? []).map((m, i) => materialUvs(m, `material ${i}`, fail, report));
  let document: Document;
  try {
    document = await io.readJSON(jsonDoc);
  } catch (error) {
    return fail(decodeFailure((error as Error).message));
  }
  const root = document.getRoot();
  // Before anything is made: a skin a mesh is drawn with that has more joints than the vertex stage reads.
  for (const gltfNode of root.listNodes()) {
    const [mesh, gltfSkin] = [gltfNode.getMesh(), gltfNode.getSkin()];
    if (mesh && gltfSkin && gltfSkin.listJoints().length > MAX_SKIN_JOINTS)
      fail(
        `mesh "${mesh.getName() || 'unnamed'}" (node "${gltfNode.getName() || 'unnamed'}") is skinned by "` +
          `${gltfSkin.getName() || 'unnamed'}" of ${gltfSkin.listJoints().length} joints; Armature draws skins of up ` +
          `to ${MAX_SKIN_JOINTS} joints (split the skeleton in the exporter, or leave out joints no vertex follows).`,
      );
  }

  const gltfMaterials = root.listMaterials();
  const textures: TextureCache = {
    file,
    nearest: options.nearest ?? true,
    index: new Map(root.listTextures().map((t, i) => [t, i])),
    made: new Map(),
  };
  const materials = await Promise.all(
    gltfMaterials.map((m, i) => material(m, json.materials![i]!.extensions ?? {}, textures, fail, report)),
  );
  const materialOf = new Map(gltfMaterials.map((m, i) => [m, materials[i]!]));
  const materialIndex = new Map(gltfMaterials.map((m, i) => [m, i]));
  let plain: Material | null = null;

  const gltfNodes = root.listNodes();
  const meshIndex = new Map(root.listMeshes().map((mesh, i) => [mesh, i]));
  const nodes = gltfNodes.map((n, i) => new Node(n.getName() || `node ${i}`));
  const nodeOf = new Map(gltfNodes.map((n, i) => [n, nodes[i]!]));
  const skinOf = new Map(root.listSkins().map((gltfSkin, i) => [gltfSkin, skin(gltfSkin, i, nodeOf, fail)]));
  const meshes: Mesh<Geometry, Material>[] = [];
  const cameras: Camera[] = [];
  const cameraIndex = new Map(root.listCameras().map((c, i) => [c, i]));
  gltfNodes.forEach((gltfNode, i) => {
    const node = nodes[i]!;
    placeNode(node, gltfNode, json.nodes?.[i]?.matrix, file, fail);
    const lens = gltfNode.getCamera();
    if (lens) {
      // glTF-Transform gives a perspective lens without a far plane 100; the file means infinity.
      const far = json.cameras?.[cameraIndex.get(lens)!]?.perspective?.zfar;
      node.add(cameras[cameras.push(gltfCamera(lens, far, `node "${node.name}"`, fail)) - 1]!);
    }
    const mesh = gltfNode.getMesh();
    const m = mesh ? meshIndex.get(mesh)! : -1;
    mesh?.listPrimitives().forEach((primitive, p) => {
      const name = `${mesh.getName() || `mesh ${m}`} #${p}`;
      if (!draco && json.meshes?.[m]?.primitives[p]?.extensions?.[DRACO]) return;
      if (primitive.getMode() !== TRIANGLES) {
        report(`primitive mode ${primitive.getMode()} (only triangles, 4, are drawn)`);
        return;
      }
      // Morph weights as the file leaves them (the node's, else the mesh's defaults): the mesh's, or, past what the
      // vertex stage blends, applied to the geometry.
      const weights = gltfNode.getWeights().length > 0 ? gltfNode.getWeights() : mesh.getWeights();
      const live = primitive.listTargets().length <= MAX_MORPH_TARGETS;
      if (!live)
        report(
          `more than ${MAX_MORPH_TARGETS} morph targets (applied at the file's weights, not animated)`,
          `mesh "${name}"`,
        );
      const gltfSkin = gltfNode.getSkin();
      for (const semantic of ['JOINTS_1', 'WEIGHTS_1'])
        if (gltfSkin && primitive.getAttribute(semantic))
          report('more than four joints a vertex (JOINTS_1: the first four drawn)', `mesh "${name}"`);
      for (const semantic of primitive.listSemantics())
        if (/^COLOR_[1-9]/.test(semantic))
          report('vertex colour sets past COLOR_0 (not drawn)', `mesh "${name}"`);
      const gltfMaterial = primitive.getMaterial();
      const uv = gltfMaterial ? uvs[materialIndex.get(gltfMaterial)!]! : null;
      const geometry = primitiveGeometry(primitive, name, fail, live ? [] : weights, uv?.set ?? 0, {
        live,
        skinned: gltfSkin !== null,
      });
      if (uv?.transform) transformUvs(geometry.vertices, uv.transform);
      const meshMaterial = gltfMaterial
        ? materialOf.get(gltfMaterial)!
        : (plain ??= new Material('lambert', [1, 1, 1, 1]));
      const drawn = new Mesh(name, geometry, meshMaterial);
      if (gltfSkin) drawn.skin = skinOf.get(gltfSkin)!;
      if (live && geometry.morphTargets) drawn.morphWeights = weights.slice(0, geometry.morphTargets.length);
      node.add(drawn);
      meshes.push(drawn);
    });
  });
  gltfNodes.forEach((gltfNode, i) => {
    for (const child of gltfNode.listChildren()) nodes[i]!.add(nodeOf.get(child)!);
  });
  const scene = root.getDefaultScene() ?? root.listScenes()[0];
  const top = new Node(scene?.getName() || file.split('/').pop() || 'glTF');
  for (const child of scene?.listChildren() ?? []) top.add(nodeOf.get(child)!);
  const animations = root.listAnimations().map((animation, a) => animationClip(animation, a, nodeOf, fail));
  return { root: top, nodes, meshes, materials, cameras, animations, unsupported };
}

/** A decoder's own words on compressed data it cannot read, said as what is wrong with the file. */
function decodeFailure(message: string): string {
  if (message.startsWith('Malformed buffer data'))
    return `its ${MESHOPT} data does not decode (the meshopt decoder says "${message}"): the file is damaged.`;
  const draco = /^\[KHR_draco_mesh_compression\] (.*)$/.exec(message);
  if (draco)
    return `a Draco-compressed mesh does not decode (the Draco decoder says "${draco[1]}"): the file is damaged.`;
  return message;
}

/**
 * A glTF animation as an `AnimationClip`: its translation, rotation and scale channels with their samplers' key times,
 * values (dequantized) and interpolation, and morph weight channels with as many values a key as the targets; a channel
 * the clip refuses (keys out of order, values of the wrong count) is an error naming the animation.
 */
function animationClip(
  animation: GltfAnimation,
  index: number,
  nodeOf: Map<GltfNode, Node>,
  fail: (why: string) => never,
): AnimationClip {
  const name = animation.getName() || `animation ${index}`;
  const channels: AnimationChannel[] = [];
  for (const channel of animation.listChannels()) {
    const target = channel.getTargetNode();
    const path = channel.getTargetPath();
    const sampler = channel.getSampler();
    if (!target || !path || !sampler) continue; // glTF allows a channel without a target: it animates nothing
    const input = sampler.getInput() ?? fail(`animation "${name}" has a sampler without key times.`);
    const output = sampler.getOutput() ?? fail(`animation "${name}" has a sampler without values.`);
    const keys = input.getCount() * (sampler.getInterpolation() === 'CUBICSPLINE' ? 3 : 1);
    // Weights: as many a key as the mesh has morph targets (the output holds them all, key after key).
    const size = path === 'rotation' ? 4 : path === 'weights' ? Math.max(1, output.getCount() / keys) : 3;
    channels.push({
      node: nodeOf.get(target)!,
      path,
      interpolation: sampler.getInterpolation(),
      times: Float32Array.from(floats(input, 1, `${name} key times`, fail)),
      // Weights are scalars in the file, as many a key as the targets: read one by one.
      values: Float32Array.from(floats(output, path === 'weights' ? 1 : size, `${name} values`, fail)),
    });
  }
  try {
    return new AnimationClip(name, channels);
  } catch (error) {
    return fail((error as Error).message);
  }
}

/** Whether an app's `draco` option is a Draco decoder module (what glTF-Transform calls into). */
function isDracoModule(value: object): boolean {
  const module = value as Record<string, unknown>;
  return typeof module['Decoder'] === 'function' && typeof module['DecoderBuffer'] === 'function';
}

/** The file's JSON and its external buffers and images, each fetched relative to it (a failure names the one). */
async function readJson(file: string, fail: (why: string) => never): Promise<JSONDocument> {
  const bytes = new Uint8Array(await (await fetchBlob(file)).arrayBuffer());
  const glb = isGlb(bytes);
  if (glb) checkGlb(bytes, fail);
  const base = new URL(file, globalThis.location?.href);
  let jsonDoc: JSONDocument;
  try {
    jsonDoc = glb
      ? glbChunks(bytes)
      : { json: JSON.parse(new TextDecoder().decode(bytes)) as GltfJson, resources: {} };
  } catch (error) {
    if (!glb && !looksLikeJson(bytes))
      return fail(
        `neither a .glb (its first bytes are ${hexStart(bytes)}, not "glTF") nor a .gltf (JSON starts with "{").`,
      );
    return fail(`${glb ? 'not a readable .glb' : 'not JSON'} (${(error as Error).message}).`);
  }
  const json = jsonDoc.json;
  if (typeof json !== 'object' || json === null || json.asset?.version !== '2.0')
    fail(`it is not glTF 2.0 (asset.version is ${String(json?.asset?.version)}).`);
  checkShape(json, fail);
  const external = [...(json.buffers ?? []), ...(json.images ?? [])].flatMap((r) =>
    r.uri && !r.uri.startsWith('data:') ? [r.uri] : [],
  );
  await Promise.all(
    external.map(async (uri) => {
      let url: URL;
      try {
        url = new URL(uri, base);
      } catch {
        return fail(
          `its resource "${uri}" cannot be found from where the file was read (a blob: or data: URL has no folder); ` +
            'load the file from its own URL, or embed the resource.',
        );
      }
      try {
        const blob = await fetchBlob(url);
        jsonDoc.resources[uri] = new Uint8Array(await blob.arrayBuffer());
      } catch (error) {
        fail(`its resource "${uri}": ${(error as Error).message}`);
      }
    }),
  );
  // Buffers given as data: URIs are decoded here, so they are checked like any other (their length, what views read).
  await Promise.all(
    (json.buffers ?? []).map(async ({ uri }, i) => {
      if (!uri?.startsWith('data:') || jsonDoc.resources[uri]) return;
      try {
        const response = await fetch(uri);
        jsonDoc.resources[uri] = new Uint8Array(await response.arrayBuffer());
      } catch (error) {
        fail(`buffer ${i}'s data: URI does not decode (${(error as Error).message}).`);
      }
    }),
  );
  checkGltf(jsonDoc, fail);
  return jsonDoc;
}

/**
 * A checked .glb's JSON and binary chunk, read here rather than by the parser so that its buffers and images may also
 * name files beside it (the format allows it) and are fetched like a .gltf's.
 */
function glbChunks(bytes: Uint8Array<ArrayBuffer>): JSONDocument {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const jsonLength = view.getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + jsonLength))) as GltfJson;
  const resources: JSONDocument['resources'] = {};
  const bin = 20 + jsonLength;
  if (bin + 8 <= bytes.length && view.getUint32(bin + 4, true) === 0x004e4942)
    resources['@glb.bin'] = bytes.subarray(bin + 8, bin + 8 + view.getUint32(bin, true));
  return { json, resources };
}

/** Whether the bytes start (after white space and a byte-order mark) with "{", as a .gltf does. */
function looksLikeJson(bytes: Uint8Array): boolean {
  for (const byte of bytes.subarray(0, 64)) {
    if (byte === 0x7b) return true;
    if (
      byte !== 0x20 &&
      byte !== 0x09 &&
      byte !== 0x0a &&
      byte !== 0x0d &&
      byte !== 0xef &&
      byte !== 0xbb &&
      byte !== 0xbf
    )
      return false;
  }
  return false;
}

/** The first four bytes in hex, for a message about a file that is not what it claims. */
function hexStart(bytes: Uint8Array): string {
  return (
    [...bytes.subarray(0, 4)].map((b) => b.toString(16).padStart(2, '0')).join(' ') || '(none: it is empty)'
  );
}

function isGlb(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 && bytes[0] === 0x67 && bytes[1] === 0x6c && bytes[2] === 0x54 && bytes[3] === 0x46
  );
}

/**
 * A glTF camera as an Armature one: perspective (yfov, aspectRatio or the image's, znear, zfar; an infinite far plane
 * becomes 100 000 × near) or orthographic (±xmag, ±ymag). A lens Armature refuses is an error naming the node.
 */
function gltfCamera(
  lens: GltfCamera,
  perspectiveFar: number | undefined,
  where: string,
  fail: (why: string) => never,
): Camera {
  const name = lens.getName() || 'camera';
  const near = lens.getZNear();
  try {
    return lens.getType() === 'orthographic'
      ? new Camera(name, {
          kind: 'orthographic',
          left: -lens.getXMag(),
          right: lens.getXMag(),
          bottom: -lens.getYMag(),
          top: lens.getYMag(),
          near,
          far: lens.getZFar(),
        })
      : new Camera(name, {
          kind: 'perspective',
          fovY: lens.getYFov(),
          ...(lens.getAspectRatio() ? { aspect: lens.getAspectRatio()! } : {}),
          near,
          far: perspectiveFar ?? near * 100_000,
        });
  } catch (error) {
    return fail(`the camera of ${where}: ${(error as Error).message}`);
  }
}

/** Sets a node's TRS from the file; a matrix with shear (no TRS can hold it) is an error naming the node. */
function placeNode(
  node: Node,
  gltfNode: GltfNode,
  matrix: number[] | undefined,
  file: string,
  fail: (why: string) => never,
): void {
  if (matrix) {
    if (matrix.length !== 16 || !matrix.every((v) => Number.isFinite(Math.fround(v))))
      fail(`node "${node.name}" has a matrix whose values are not 16 finite 32-bit floats.`);
    const m = mat4.clone(matrix as unknown as mat4);
    if (mat4.determinant(m) === 0)
      fail(
        `node "${node.name}" has a singular matrix (a scale of 0 along some axis), which cannot be split into ` +
          'position, rotation and scale; give the node translation, rotation and scale instead.',
      );
    const t = mat4.getTranslation(vec3.create(), m);
    const s = mat4.getScaling(vec3.create(), m);
    if (mat4.determinant(m) < 0) s[0] = -s[0]; // a mirror is a negative scale, not shear
    const unscaled = mat4.scale(mat4.create(), m, [1 / s[0], 1 / s[1], 1 / s[2]]);
    const r = quat.normalize(quat.create(), mat4.getRotation(quat.create(), unscaled));
    const back = mat4.fromRotationTranslationScale(mat4.create(), r, t, s);
    if (!Array.from(back).every((v, i) => Math.abs(v - m[i]!) <= 1e-5 * Math.max(1, Math.abs(m[i]!))))
      fail(
        `node "${node.name}" has a matrix with shear, which a node's position, rotation and scale cannot hold.`,
      );
    try {
      node.setPosition(t[0], t[1], t[2]).setRotation(r[0], r[1], r[2], r[3]).setScale(s[0], s[1], s[2]);
    } catch (error) {
      throw new Error(`glTF "${file}": node "${node.name}": ${(error as Error).message}`, { cause: error });
    }
    return;
  }
  const [tx, ty, tz] = gltfNode.getTranslation();
  const [rx, ry, rz, rw] = gltfNode.getRotation();
  const [sx, sy, sz] = gltfNode.getScale();
  try {
    node.setPosition(tx, ty, tz).setRotation(rx, ry, rz, rw).setScale(sx, sy, sz);
  } catch (error) {
    throw new Error(`glTF "${file}": node "${node.name}": ${(error as Error).message}`, { cause: error });
  }
}

/** The texture coordinates a material's maps are drawn with: the set they read and the transform baked into it. */
interface MaterialUvs {
  set: number;
  transform: UvTransform | null;
}

/**
 * The UVs a material's maps read (the base colour map's, else the emissive map's): their TEXCOORD set and
 * KHR_texture_transform, read from the JSON. An emissive map on other UVs than the base colour map is reported and
 * drawn on the base colour's.
 */
function materialUvs(
  m: NonNullable<GltfJson['materials']>[number],
  name: string,
  fail: (why: string) => never,
  report: (feature: string, where?: string) => void,
): MaterialUvs {
  const where = m.name ? `material "${m.name}"` : name; // as material() names it
  const uvsOf = (
    info: { texCoord?: number; extensions?: Record<string, unknown> } | undefined,
    slot: string,
  ) => {
    if (!info) return null;
    const ext = info.extensions?.[TEXTURE_TRANSFORM] as Record<string, unknown> | undefined;
    const set = ext?.['texCoord'] ?? info.texCoord ?? 0;
    if (!(Number.isInteger(set) && (set as number) >= 0))
      fail(`${where}'s ${slot}.texCoord is ${JSON.stringify(set)}; give a whole number ≥ 0.`);
    return {
      set: set as number,
      transform: ext ? textureTransform(ext, `${where}'s ${slot} ${TEXTURE_TRANSFORM}`, fail) : null,
      key: JSON.stringify([set, ext ?? null]),
    };
  };
  const base = uvsOf(m.pbrMetallicRoughness?.baseColorTexture, 'baseColorTexture');
  const emissive = uvsOf(m.emissiveTexture, 'emissiveTexture');
  if (base && emissive && base.key !== emissive.key)
    report("an emissive map on other UVs than the base colour map (drawn on the base colour map's)", where);
  const chosen = base ?? emissive;
  return { set: chosen?.set ?? 0, transform: chosen?.transform ?? null };
}

/** A glTF skin as a `Skin` of the nodes made for its joints; a broken one is an error naming it. */
function skin(
  gltfSkin: GltfSkin,
  index: number,
  nodeOf: Map<GltfNode, Node>,
  fail: (why: string) => never,
): Skin {
  const name = gltfSkin.getName() || `skin ${index}`;
  const matrices = gltfSkin.getInverseBindMatrices();
  try {
    return new Skin(
      name,
      gltfSkin.listJoints().map((joint) => nodeOf.get(joint)!),
      matrices ? Float32Array.from(floats(matrices, 16, `${name} inverse bind matrices`, fail)) : undefined,
    );
  } catch (error) {
    return fail((error as Error).message);
  }
}

/**
 * A triangle primitive as interleaved position, normal, uv: indexed as the file has it, or, where NORMAL is missing,
 * one vertex per corner with its face's normal (flat shading). `weights` are morph weights applied to it; `live`
 * keeps its morph targets for the vertex stage instead, and `skinned` reads its joints and weights.
 */
function primitiveGeometry(
  primitive: Primitive,
  name: string,
  fail: (why: string) => never,
  weights: readonly number[],
  uvSet: number,
  deform: { live: boolean; skinned: boolean },
): Geometry {
  const position = primitive.getAttribute('POSITION') ?? fail(`primitive "${name}" has no POSITION.`);
  const normal = primitive.getAttribute('NORMAL');
  const uv = primitive.getAttribute(`TEXCOORD_${uvSet}`);
  const color = primitive.getAttribute('COLOR_0');
  if (!uv && uvSet > 0)
    fail(`primitive "${name}": its material's maps read TEXCOORD_${uvSet}, which it has not.`);
  const count = position.getCount();
  for (const [what, accessor] of [
    ['NORMAL', normal],
    [`TEXCOORD_${uvSet}`, uv],
    ['COLOR_0', color],
  ] as const)
    if (accessor && accessor.getCount() !== count)
      fail(`primitive "${name}": ${what} has ${accessor.getCount()} elements, POSITION ${count}.`);
  const indexAccessor = primitive.getIndices();
  const indices = indexAccessor ? readIndices(indexAccessor, count, name, fail) : sequence(count);
  if (indices.length % 3 !== 0)
    fail(`primitive "${name}" has ${indices.length} indices, not whole triangles.`);
  const positions = morphed(floats(position, 3, name, fail), primitive, 'POSITION', weights, name, fail);
  const normals = normal
    ? morphed(floats(normal, 3, name, fail), primitive, 'NORMAL', weights, name, fail)
    : null;
  if (normals && weights.some((w) => w !== 0))
    for (let i = 0; i < normals.length; i += 3) {
      const length = Math.hypot(normals[i]!, normals[i + 1]!, normals[i + 2]!) || 1;
      for (let c = 0; c < 3; c++) (normals as Float32Array)[i + c]! /= length;
    }
  const uvs = uv ? floats(uv, 2, name, fail) : null;
  const rgba = color ? vertexColors(color, name, fail) : null;
  const skinning = deform.skinned ? jointsAndWeights(primitive, count, name, fail) : null;
  const targets = deform.live ? morphTargets(primitive, count, normal !== null, name, fail) : null;
  // Per vertex as stored, or (flat shading) per corner: what each vertex attribute becomes.
  const extras = (each: (values: Float32Array, size: number) => Float32Array) => ({
    ...(rgba ? { colors: each(rgba, 4) } : {}),
    ...(skinning ? { joints: each(skinning.joints, 4), weights: each(skinning.weights, 4) } : {}),
    ...(targets
      ? {
          morphTargets: targets.map((t) => ({
            positions: each(t.positions, 3),
            ...(t.normals ? { normals: each(t.normals, 3) } : {}),
          })),
        }
      : {}),
  });
  if (normals) {
    const vertices = new Float32Array(count * VERTEX_FLOATS);
    for (let i = 0, o = 0; i < count; i++, o += VERTEX_FLOATS) {
      vertices[o] = positions[i * 3]!;
      vertices[o + 1] = positions[i * 3 + 1]!;
      vertices[o + 2] = positions[i * 3 + 2]!;
      vertices[o + 3] = normals[i * 3]!;
      vertices[o + 4] = normals[i * 3 + 1]!;
      vertices[o + 5] = normals[i * 3 + 2]!;
      if (uvs) {
        vertices[o + 6] = uvs[i * 2]!;
        vertices[o + 7] = uvs[i * 2 + 1]!;
      }
    }
    return { name, vertices, indices, ...extras((values) => values) };
  }
  const vertices = new Float32Array(indices.length * VERTEX_FLOATS);
  const corner = [vec3.create(), vec3.create(), vec3.create()];
  const [face, edge1, edge2] = [vec3.create(), vec3.create(), vec3.create()];
  for (let k = 0; k < indices.length; k += 3) {
    for (let c = 0; c < 3; c++) {
      const v = indices[k + c]! * 3;
      vec3.set(corner[c]!, positions[v]!, positions[v + 1]!, positions[v + 2]!);
    }
    vec3.sub(edge1, corner[1]!, corner[0]!);
    vec3.sub(edge2, corner[2]!, corner[0]!);
    vec3.normalize(face, vec3.cross(face, edge1, edge2)); // counter-clockwise corners face the normal
    for (let c = 0; c < 3; c++) {
      const o = (k + c) * VERTEX_FLOATS;
      vertices.set(corner[c]!, o);
      vertices.set(face, o + 3);
      if (uvs) {
        vertices[o + 6] = uvs[indices[k + c]! * 2]!;
        vertices[o + 7] = uvs[indices[k + c]! * 2 + 1]!;
      }
    }
  }
  // Each corner its own vertex: its colour, joints and morph displacements from the vertex it was.
  const perCorner = (values: Float32Array, size: number) => {
    const out = new Float32Array(indices.length * size);
    for (let k = 0; k < indices.length; k++)
      out.set(values.subarray(indices[k]! * size, indices[k]! * size + size), k * size);
    return out;
  };
  return { name, vertices, indices: sequence(indices.length), ...extras(perCorner) };
}

/**
 * JOINTS_0 and WEIGHTS_0 as four floats a vertex each, the weights scaled to sum to 1 (exporters' rounding; a vertex
 * weighing nothing follows its first joint). Missing ones, or a count unlike POSITION's, are an error naming the
 * primitive.
 */
function jointsAndWeights(
  primitive: Primitive,
  count: number,
  name: string,
  fail: (why: string) => never,
): { joints: Float32Array; weights: Float32Array } {
  const [joints, weights] = (['JOINTS_0', 'WEIGHTS_0'] as const).map((semantic) => {
    const accessor =
      primitive.getAttribute(semantic) ??
      fail(`primitive "${name}" is on a skinned node but has no ${semantic}.`);
    if (accessor.getCount() !== count)
      fail(`primitive "${name}": ${semantic} has ${accessor.getCount()} elements, POSITION ${count}.`);
    return Float32Array.from(floats(accessor, 4, name, fail));
  }) as [Float32Array, Float32Array];
  for (let v = 0; v < count; v++) {
    const sum = weights[v * 4]! + weights[v * 4 + 1]! + weights[v * 4 + 2]! + weights[v * 4 + 3]!;
    if (sum > 0) for (let k = 0; k < 4; k++) weights[v * 4 + k]! /= sum;
    else weights.set([1, 0, 0, 0], v * 4);
  }
  return { joints, weights };
}

/** The primitive's morph targets' POSITION (and, where the mesh has normals, NORMAL) displacements, three a vertex. */
function morphTargets(
  primitive: Primitive,
  count: number,
  normals: boolean,
  name: string,
  fail: (why: string) => never,
): { positions: Float32Array; normals: Float32Array | null }[] | null {
  const targets = primitive.listTargets();
  if (targets.length === 0) return null;
  const read = (t: number, attribute: 'POSITION' | 'NORMAL') => {
    const delta = targets[t]!.getAttribute(attribute);
    if (!delta) return null;
    if (delta.getCount() !== count)
      fail(
        `primitive "${name}": morph target ${t}'s ${attribute} has ${delta.getCount()} elements, not ${count}.`,
      );
    return Float32Array.from(floats(delta, 3, `${name} morph target ${t}`, fail));
  };
  return targets.map((_, t) => ({
    positions: read(t, 'POSITION') ?? new Float32Array(count * 3),
    normals: normals ? read(t, 'NORMAL') : null,
  }));
}

/**
 * COLOR_0 as RGBA floats, four per vertex: RGB or RGBA, float or normalized 8- or 16-bit (scaled to 0…1 by the
 * accessor); RGB gets alpha 1. A value outside 0…1 (beyond float noise, which is clamped) is an error naming the
 * primitive.
 */
function vertexColors(accessor: Accessor, name: string, fail: (why: string) => never): Float32Array {
  const size = accessor.getElementSize();
  if (size !== 3 && size !== 4)
    fail(`primitive "${name}": COLOR_0 has ${size} components; glTF gives 3 or 4.`);
  const values = floats(accessor, size, name, fail);
  const count = accessor.getCount();
  const out = new Float32Array(count * 4).fill(1);
  for (let i = 0; i < count; i++)
    for (let c = 0; c < size; c++) {
      const value = values[i * size + c]!;
      // Exporters' float noise (1.0000001) is clamped; a value plainly outside is a broken file.
      if (!(value >= -1e-3 && value <= 1 + 1e-3))
        fail(`primitive "${name}": COLOR_0 element ${i} has ${value}, outside 0…1.`);
      out[i * 4 + c] = Math.min(1, Math.max(0, value));
    }
  return out;
}

/**
 * An attribute's values as floats, `size` per element: float data read whole (glTF-Transform has already taken it out
 * of any interleaving); normalized integers through the accessor, which scales them to 0…1 or −1…1.
 */
/**
 * An attribute with the primitive's morph targets added at their weights (a copy; the accessor's own values when no
 * weight moves it). A target of another length is an error naming the primitive.
 */
function morphed(
  base: ArrayLike<number>,
  primitive: Primitive,
  attribute: 'POSITION' | 'NORMAL',
  weights: readonly number[],
  name: string,
  fail: (why: string) => never,
): ArrayLike<number> {
  const targets = primitive.listTargets();
  if (!targets.some((_, t) => (weights[t] ?? 0) !== 0)) return base;
  const out = Float32Array.from(base);
  targets.forEach((target, t) => {
    const weight = weights[t] ?? 0;
    const delta = target.getAttribute(attribute);
    if (weight === 0 || !delta) return;
    if (delta.getCount() * 3 !== out.length)
      fail(
        `primitive "${name}": morph target ${t}'s ${attribute} has ${delta.getCount()} elements, not ${out.length / 3}.`,
      );
    const values = floats(delta, 3, `${name} morph target ${t}`, fail);
    for (let i = 0; i < out.length; i++) out[i]! += weight * values[i]!;
  });
  return out;
}

function floats(
  accessor: Accessor,
  size: number,
  name: string,
  fail: (why: string) => never,
): ArrayLike<number> {
  const count = accessor.getCount();
  let values: ArrayLike<number>;
  const array = accessor.getArray();
  if (array instanceof Float32Array && accessor.getElementSize() === size) values = array;
  else {
    const out = new Float32Array(count * size);
    const element: number[] = [];
    for (let i = 0; i < count; i++) out.set(accessor.getElement(i, element).slice(0, size), i * size);
    values = out;
  }
  for (let i = 0; i < count * size; i++)
    if (!Number.isFinite(values[i]!))
      fail(`primitive "${name}": element ${Math.floor(i / size)} is not finite.`);
  return values;
}

/** The primitive's indices, each checked to name one of its `count` vertices. */
function readIndices(
  accessor: Accessor,
  count: number,
  name: string,
  fail: (why: string) => never,
): Uint16Array | Uint32Array {
  const array = (accessor.getArray() ??
    fail(`primitive "${name}": its indices have no data.`)) as ArrayLike<number>;
  for (let i = 0; i < array.length; i++) {
    const index = array[i]!;
    if (!(index >= 0 && index < count))
      fail(`primitive "${name}": index ${i} is ${index}, out of range of its ${count} vertices.`);
  }
  return count > 0xffff ? Uint32Array.from(array) : Uint16Array.from(array);
}

/** 0, 1, …, count − 1: the indices of a primitive drawn as it is stored. */
function sequence(count: number): Uint16Array | Uint32Array {
  const indices = count > 0xffff ? new Uint32Array(count) : new Uint16Array(count);
  for (let i = 0; i < count; i++) indices[i] = i;
  return indices;
}

/** The textures made from a file's images, one per image, filter and wrap: each decoded and uploaded once. */
interface TextureCache {
  file: string;
  /** Every texture nearest-texel (`GltfOptions.nearest`). */
  nearest: boolean;
  /** Each image's place in the file: with filter and wrap, the key of its texture. */
  index: Map<GltfTexture, number>;
  made: Map<string, Promise<Texture>>;
}

/** A glTF material as `unlit` (KHR_materials_unlit) or `lambert`: base colour factor times its texture, cut out. */
async function material(
  m: GltfMaterial,
  extensions: Record<string, unknown>,
  textures: TextureCache,
  fail: (why: string) => never,
  report: (feature: string, where?: string) => void,
): Promise<Material> {
  const [r, g, b, a] = m.getBaseColorFactor();
  const alphaMode = m.getAlphaMode();
  const where = `material "${m.getName()}"`;
  if (m.getNormalTexture()) report('normal maps (not drawn)', where);
  if (m.getOcclusionTexture()) report('occlusion maps (not drawn)', where);
  if (m.getMetallicRoughnessTexture()) report('metallic-roughness maps (not drawn: lambert)', where);
  const name = m.getName();
  const [map, emissiveMap] = await Promise.all([
    mapTexture(m.getBaseColorTexture(), m.getBaseColorTextureInfo(), name, textures, fail),
    mapTexture(m.getEmissiveTexture(), m.getEmissiveTextureInfo(), name, textures, fail),
  ]);
  // KHR_materials_emissive_strength scales the factor past 1 (read from the JSON, like unlit).
  const strength =
    (extensions[EMISSIVE_STRENGTH] as { emissiveStrength?: unknown } | undefined)?.emissiveStrength ?? 1;
  if (!(typeof strength === 'number' && strength >= 0 && Number.isFinite(strength)))
    fail(`${where}'s ${EMISSIVE_STRENGTH} is ${JSON.stringify(strength)}; give a number ≥ 0.`);
  const emissive = m.getEmissiveFactor().map((c) => c * (strength as number)) as [number, number, number];
  return new Material(extensions[UNLIT] ? 'unlit' : 'lambert', [r, g, b, a], {
    map,
    alphaTest: alphaMode === 'MASK' ? m.getAlphaCutoff() : 0,
    doubleSided: m.getDoubleSided(),
    blend: alphaMode === 'BLEND',
    ...(emissive.some((c) => c !== 0) ? { emissive, emissiveMap } : {}),
  });
}

/**
 * The texture of one of a material's maps, with its sampler's filter (nearest unless `GltfOptions.nearest` is false),
 * wrap per axis and mip levels: each image decoded and uploaded once per filter, wrap and mip use.
 */
async function mapTexture(
  image: GltfTexture | null,
  info: TextureInfo | null,
  material: string,
  textures: TextureCache,
  fail: (why: string) => never,
): Promise<Texture | null> {
  if (!image) return null;
  const bytes = image.getImage() ?? fail(`the image of material "${material}" has no data.`);
  const filter: TextureFilter =
    textures.nearest || NEAREST_FILTERS.has(info?.getMagFilter() ?? -1) ? 'nearest' : 'linear';
  const [wrapS, wrapT] = [info?.getWrapS() ?? REPEAT, info?.getWrapT() ?? REPEAT];
  const [u, v] = [wrapS, wrapT].map((mode) =>
    mode === CLAMP_TO_EDGE ? 'clamp' : mode === MIRRORED_REPEAT ? 'mirror' : 'repeat',
  );
  const wrap = (u === v ? u : `${u} ${v}`) as TextureWrap;
  // Mip levels where the sampler reads them, or leaves it to the engine (no minFilter).
  const minFilter = info?.getMinFilter() ?? null;
  const mipmaps = minFilter === null || MIPMAP_FILTERS.has(minFilter);
  const label = `${textures.file} ${image.getURI() || image.getName() || 'image'}`;
  const key = `${textures.index.get(image)}|${filter}|${wrap}|${mipmaps}`;
  let made = textures.made.get(key);
  if (!made) {
    made = loadImage(new Blob([bytes as BlobPart], { type: image.getMimeType() }), label).then(
      (decoded) => Texture.fromImage(decoded, { label, filter, wrap, mipmaps }),
      (error: Error) => fail(`material "${material}": ${error.message.replace(/^loadTexture: /, '')}`),
    );
    textures.made.set(key, made);
  }
  return made;
}
