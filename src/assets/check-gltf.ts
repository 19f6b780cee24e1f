import type { JSONDocument } from '@gltf-transform/core';

/** How a check reports what is wrong: it throws, naming the file (the loader's `fail`). */
export type Fail = (why: string) => never;

type GltfJson = JSONDocument['json'];
// The JSON as a hostile file may give it: any field of any type, checked here before anything trusts it.
type Loose = Record<string, unknown>;

const COMPONENT_BYTES: Record<number, number> = { 5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4 };
const INDEX_COMPONENTS = new Set([5121, 5123, 5125]);
const TYPE_COMPONENTS: Record<string, number> = {
  SCALAR: 1,
  VEC2: 2,
  VEC3: 3,
  VEC4: 4,
  MAT2: 4,
  MAT3: 9,
  MAT4: 16,
};
/** The lists a glTF file may hold; each must be a list of objects before anything walks it. */
const LISTS = [
  'accessors',
  'animations',
  'buffers',
  'bufferViews',
  'cameras',
  'images',
  'materials',
  'meshes',
  'nodes',
  'samplers',
  'scenes',
  'skins',
  'textures',
] as const;
/** Bytes an accessor may hold as zeros (one with no buffer view, sparse or not): the parser allocates them all. */
const MAX_ZERO_ACCESSOR_BYTES = 256 * 1024 * 1024;
/** Bytes one meshopt-compressed buffer view may decode to (the decoder allocates them all). */
const MAX_MESHOPT_VIEW_BYTES = 256 * 1024 * 1024;
const MESHOPT = 'EXT_meshopt_compression';
const DRACO = 'KHR_draco_mesh_compression';
/** The meshopt modes and filters glTF's extension defines, with the strides each mode allows. */
const MESHOPT_MODES: Record<string, (stride: number) => boolean> = {
  ATTRIBUTES: (stride) => stride % 4 === 0 && stride <= 256,
  TRIANGLES: (stride) => stride === 2 || stride === 4,
  INDICES: (stride) => stride === 2 || stride === 4,
};
const MESHOPT_FILTERS = new Set(['NONE', 'OCTAHEDRAL', 'QUATERNION', 'EXPONENTIAL']);

/**
 * A .glb's header and chunks against its length, before a parser reads them: a truncated or inconsistent file is an
 * error saying where it ends and where it should.
 */
export function checkGlb(bytes: Uint8Array, fail: Fail): void {
  if (bytes.length < 20)
    fail(`a truncated .glb: ${bytes.length} bytes, less than its 12-byte header and a chunk's.`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(4, true);
  if (version !== 2) fail(`a .glb of version ${version}; Armature reads glTF 2.0 (version 2).`);
  const length = view.getUint32(8, true);
  if (length > bytes.length)
    fail(`a truncated .glb: it ends at byte ${bytes.length} of the ${length} its header gives.`);
  if (length < bytes.length)
    fail(`a .glb whose header gives ${length} bytes, but the file has ${bytes.length}.`);
  for (let at = 12, chunk = 0; at < length; chunk++) {
    if (at + 8 > length)
      fail(`a truncated .glb: chunk ${chunk}'s header at byte ${at} runs past its end (${length}).`);
    const size = view.getUint32(at, true);
    if (at + 8 + size > length)
      fail(
        `a truncated .glb: chunk ${chunk} (${size} bytes from byte ${at + 8}) runs past its end at byte ${length}.`,
      );
    if (chunk === 0 && view.getUint32(at + 4, true) !== 0x4e4f534a)
      fail('a .glb whose first chunk is not its JSON.');
    at += 8 + size;
  }
}

/** Each top-level list is a list of objects (what every later check and the parser walk). */
export function checkShape(json: GltfJson, fail: Fail): void {
  const top = json as unknown as Loose;
  for (const key of LISTS) {
    const list = top[key];
    if (list === undefined) continue;
    if (!Array.isArray(list)) fail(`its "${key}" is not a list.`);
    const at = list.findIndex((item) => typeof item !== 'object' || item === null || Array.isArray(item));
    if (at >= 0) fail(`its "${key}"[${at}] is not an object.`);
  }
}

/**
 * Everything the parser would trust, checked before it allocates: every index names an object the file has, the node
 * hierarchy is a forest, every count and offset is a whole number in range, every buffer holds the bytes the file
 * says, every buffer view lies inside its buffer and every accessor (sparse parts included) inside its views. A file
 * that breaks one is an error naming what and where, never a typed-array fault or gigabytes allocated.
 */
export function checkGltf(jsonDoc: JSONDocument, fail: Fail): void {
  const json = jsonDoc.json;
  checkReferences(json, fail);
  checkHierarchy(json, fail);
  const lengths = bufferLengths(jsonDoc, fail);
  const views = json.bufferViews ?? [];
  const hollow = (json.buffers ?? []).map(isMeshoptFallback);
  views.forEach((view, i) => {
    const name = `buffer view ${i}`;
    wholeNumber(view.byteLength, 1, `${name}'s byteLength`, fail);
    wholeNumber(view.byteOffset ?? 0, 0, `${name}'s byteOffset`, fail);
    const stride = view.byteStride;
    if (
      stride !== undefined &&
      !(Number.isInteger(stride) && stride >= 4 && stride <= 252 && stride % 4 === 0)
    )
      fail(`${name} has byteStride ${String(stride)}; glTF allows a multiple of 4 from 4 to 252.`);
    const end = (view.byteOffset ?? 0) + view.byteLength;
    if (end > lengths[view.buffer]!)
      fail(`${name} ends at byte ${end} of buffer ${view.buffer}, which has ${lengths[view.buffer]} bytes.`);
    const meshopt = (view.extensions as Loose | undefined)?.[MESHOPT];
    if (meshopt === undefined && hollow[view.buffer])
      fail(
        `${name} reads buffer ${view.buffer}, a meshopt fallback that holds no bytes, without decoding them.`,
      );
    if (meshopt !== undefined)
      checkMeshoptView(meshopt as Loose, view.byteLength, name, lengths, hollow, fail);
  });
  (json.accessors ?? []).forEach((accessor, i) => {
    const name = `accessor ${i}${accessor.name ? ` ("${accessor.name}")` : ''}`;
    const { count } = accessor;
    wholeNumber(count, 1, `${name}'s count`, fail);
    const size = COMPONENT_BYTES[accessor.componentType];
    const components = TYPE_COMPONENTS[accessor.type];
    if (!size || !components)
      fail(
        `${name} has type ${String(accessor.type)} of component type ${String(accessor.componentType)}, which ` +
          'glTF 2.0 has not.',
      );
    const element = size * components;
    const offset = accessor.byteOffset ?? 0;
    wholeNumber(offset, 0, `${name}'s byteOffset`, fail);
    if (accessor.bufferView === undefined) {
      if (count * element > MAX_ZERO_ACCESSOR_BYTES)
        fail(
          `${name} has no buffer view and ${count} elements: ${((count * element) / 2 ** 20).toFixed(0)} MiB of ` +
            `zeros, beyond the ${MAX_ZERO_ACCESSOR_BYTES / 2 ** 20} MiB Armature allocates for one.`,
        );
    } else {
      const view = views[accessor.bufferView]!;
      const stride = view.byteStride ?? element;
      if (stride < element)
        fail(`${name}'s elements (${element} bytes) are wider than its view's stride ${stride}.`);
      within(
        offset + stride * (count - 1) + element,
        view,
        accessor.bufferView,
        `${name}'s ${count} elements`,
        fail,
      );
    }
    if (accessor.sparse) checkSparse(jsonDoc, accessor, name, element, fail);
  });
}

/** Each buffer's length as the file gives it, checked against the bytes it has (a .glb's chunk, a fetched file). */
function bufferLengths(jsonDoc: JSONDocument, fail: Fail): number[] {
  return (jsonDoc.json.buffers ?? []).map((buffer, i) => {
    wholeNumber(buffer.byteLength, 1, `buffer ${i}'s byteLength`, fail);
    // A meshopt fallback holds no bytes: every view of it is decoded from another buffer (checked with the views).
    if (!buffer.uri && isMeshoptFallback(buffer)) return buffer.byteLength;
    if (!buffer.uri && (i > 0 || !jsonDoc.resources['@glb.bin']))
      return fail(
        `buffer ${i} names no file (uri), and only a .glb's first buffer may be its binary chunk` +
          (jsonDoc.resources['@glb.bin'] ? '.' : ' (this file has none).'),
      );
    const data = jsonDoc.resources[buffer.uri ?? '@glb.bin'];
    const name = !buffer.uri
      ? 'the .glb binary chunk'
      : buffer.uri.startsWith('data:')
        ? 'its data: URI'
        : `"${buffer.uri}"`;
    if (!data) return fail(`buffer ${i} (${name}) has no data.`);
    if (data.byteLength < buffer.byteLength)
      fail(`buffer ${i} (${name}) has ${data.byteLength} bytes; the file says ${buffer.byteLength}.`);
    return buffer.byteLength;
  });
}

/** A sparse accessor's indices and values inside their views, and each index (where the bytes are here) in range. */
function checkSparse(
  jsonDoc: JSONDocument,
  accessor: NonNullable<GltfJson['accessors']>[number],
  name: string,
  element: number,
  fail: Fail,
): void {
  const sparse = accessor.sparse!;
  const views = jsonDoc.json.bufferViews ?? [];
  const count = sparse.count;
  wholeNumber(count, 1, `${name}'s sparse count`, fail);
  if (count > accessor.count)
    fail(`${name} replaces ${count} of its elements (sparse), but it has ${accessor.count}.`);
  const { indices, values } = sparse;
  if (!INDEX_COMPONENTS.has(indices?.componentType))
    fail(
      `${name}'s sparse indices have component type ${String(indices?.componentType)}; give 5121, 5123 or 5125.`,
    );
  const indexBytes = COMPONENT_BYTES[indices.componentType]!;
  for (const [part, bytes] of [
    [indices, indexBytes],
    [values, element],
  ] as const) {
    const what = `${name}'s sparse ${part === indices ? 'indices' : 'values'}`;
    const view = views[part.bufferView];
    if (!view)
      return fail(`${what} name buffer view ${String(part.bufferView)}, which the file does not have.`);
    wholeNumber(part.byteOffset ?? 0, 0, `${what}' byteOffset`, fail);
    within((part.byteOffset ?? 0) + count * bytes, view, part.bufferView, what, fail);
  }
  const view = views[indices.bufferView]!;
  const buffer = jsonDoc.json.buffers?.[view.buffer];
  // A meshopt view's bytes are compressed: its indices are checked once decoded.
  if ((view.extensions as Loose | undefined)?.[MESHOPT]) return;
  const data = jsonDoc.resources[buffer?.uri ?? '@glb.bin'];
  if (!data) return;
  const at = data.byteOffset + (view.byteOffset ?? 0) + (indices.byteOffset ?? 0);
  const read = new DataView(data.buffer, at, count * indexBytes);
  let previous = -1;
  for (let k = 0; k < count; k++) {
    const index =
      indexBytes === 1
        ? read.getUint8(k)
        : indexBytes === 2
          ? read.getUint16(k * 2, true)
          : read.getUint32(k * 4, true);
    if (index >= accessor.count || index <= previous)
      fail(
        `${name}'s sparse index ${k} is ${index}; indices must increase and stay below its ${accessor.count} elements.`,
      );
    previous = index;
  }
}

/** Whether a buffer is EXT_meshopt_compression's fallback (no bytes of its own). */
function isMeshoptFallback(buffer: { extensions?: Record<string, unknown> }): boolean {
  return Boolean((buffer.extensions?.[MESHOPT] as Loose | undefined)?.['fallback']);
}

/**
 * A meshopt-compressed view: its compressed bytes inside a buffer that has them, a known mode and filter, and a
 * decoded size (count × stride) equal to the view's, so the decoder neither reads outside the file nor allocates what
 * the file does not hold.
 */
function checkMeshoptView(
  ext: Loose,
  viewLength: number,
  name: string,
  lengths: number[],
  hollow: boolean[],
  fail: Fail,
): void {
  const what = `${name}'s ${MESHOPT}`;
  const [buffer, offset, length] = [ext['buffer'], ext['byteOffset'] ?? 0, ext['byteLength']];
  if (!(Number.isInteger(buffer) && (buffer as number) >= 0 && (buffer as number) < lengths.length))
    fail(`${what} names buffers[${String(buffer)}]; the file has ${lengths.length}.`);
  if (hollow[buffer as number])
    fail(
      `${what} reads buffer ${String(buffer)}, a fallback that holds no bytes; name the compressed buffer.`,
    );
  wholeNumber(offset, 0, `${what} byteOffset`, fail);
  wholeNumber(length, 1, `${what} byteLength`, fail);
  const end = (offset as number) + (length as number);
  if (end > lengths[buffer as number]!)
    fail(
      `${what} ends at byte ${end} of buffer ${String(buffer)}, which has ${lengths[buffer as number]} bytes.`,
    );
  const [mode, filter, stride, count] = [
    ext['mode'],
    ext['filter'] ?? 'NONE',
    ext['byteStride'],
    ext['count'],
  ];
  wholeNumber(stride, 1, `${what} byteStride`, fail);
  wholeNumber(count, 1, `${what} count`, fail);
  const allows = MESHOPT_MODES[String(mode)];
  if (!allows) fail(`${what} has mode ${JSON.stringify(mode)}; give ATTRIBUTES, TRIANGLES or INDICES.`);
  if (!allows(stride as number))
    fail(`${what} has byteStride ${String(stride)}, which mode ${String(mode)} does not allow.`);
  if (!MESHOPT_FILTERS.has(String(filter)))
    fail(`${what} has filter ${JSON.stringify(filter)}; give NONE, OCTAHEDRAL, QUATERNION or EXPONENTIAL.`);
  const decoded = (count as number) * (stride as number);
  if (decoded !== viewLength)
    fail(`${what} decodes to ${count} × ${stride} = ${decoded} bytes, but the view has ${viewLength}.`);
  if (decoded > MAX_MESHOPT_VIEW_BYTES)
    fail(
      `${what} decodes to ${(decoded / 2 ** 20).toFixed(0)} MiB, beyond the ${MAX_MESHOPT_VIEW_BYTES / 2 ** 20} MiB ` +
        'Armature decodes for one view.',
    );
}

/** Every index in the file names an object it has: one wrong number is an error saying where, not a parser fault. */
function checkReferences(json: GltfJson, fail: Fail): void {
  const has = (list: keyof GltfJson) =>
    ((json as unknown as Loose)[list] as unknown[] | undefined)?.length ?? 0;
  const ref = (value: unknown, list: keyof GltfJson, where: string) => {
    if (value === undefined) return;
    if (!(Number.isInteger(value) && (value as number) >= 0 && (value as number) < has(list)))
      fail(`${where} names ${String(list)}[${String(value)}]; the file has ${has(list)}.`);
  };
  const refs = (values: unknown, list: keyof GltfJson, where: string) => {
    if (values === undefined) return;
    if (!Array.isArray(values)) fail(`${where} is not a list.`);
    values.forEach((v, k) => ref(v, list, `${where}[${k}]`));
  };
  ref(json.scene, 'scenes', 'the default scene');
  json.scenes?.forEach((scene, i) => refs(scene.nodes, 'nodes', `scene ${i}'s nodes`));
  json.nodes?.forEach((node, i) => {
    ref(node.mesh, 'meshes', `node ${i}'s mesh`);
    ref(node.camera, 'cameras', `node ${i}'s camera`);
    ref(node.skin, 'skins', `node ${i}'s skin`);
    refs(node.children, 'nodes', `node ${i}'s children`);
  });
  json.meshes?.forEach((mesh, m) => {
    if (!Array.isArray(mesh.primitives) || mesh.primitives.length === 0)
      fail(`mesh ${m} has no list of primitives.`);
    mesh.primitives.forEach((primitive, p) => {
      const where = `mesh ${m} primitive ${p}`;
      if (typeof primitive.attributes !== 'object' || primitive.attributes === null)
        fail(`${where} has no attributes.`);
      for (const [semantic, accessor] of Object.entries(primitive.attributes))
        ref(accessor, 'accessors', `${where}'s ${semantic}`);
      ref(primitive.indices, 'accessors', `${where}'s indices`);
      ref(primitive.material, 'materials', `${where}'s material`);
      const draco = (primitive.extensions as Loose | undefined)?.[DRACO] as Loose | undefined;
      if (draco) {
        ref(draco['bufferView'], 'bufferViews', `${where}'s ${DRACO} bufferView`);
        if (draco['bufferView'] === undefined) fail(`${where}'s ${DRACO} names no bufferView.`);
        const ids = draco['attributes'];
        if (typeof ids !== 'object' || ids === null) fail(`${where}'s ${DRACO} has no attributes.`);
        for (const [semantic, id] of Object.entries(ids as Loose)) {
          wholeNumber(id, 0, `${where}'s ${DRACO} attribute ${semantic}`, fail);
          if (!(semantic in primitive.attributes))
            fail(`${where}'s ${DRACO} decodes ${semantic}, which the primitive's attributes do not list.`);
        }
      }
      primitive.targets?.forEach((target, t) => {
        for (const [semantic, accessor] of Object.entries(target))
          ref(accessor, 'accessors', `${where}'s morph target ${t} ${semantic}`);
      });
    });
  });
  json.accessors?.forEach((accessor, i) => {
    ref(accessor.bufferView, 'bufferViews', `accessor ${i}'s bufferView`);
    if (accessor.sparse) {
      ref(accessor.sparse.indices?.bufferView, 'bufferViews', `accessor ${i}'s sparse indices`);
      ref(accessor.sparse.values?.bufferView, 'bufferViews', `accessor ${i}'s sparse values`);
    }
  });
  json.bufferViews?.forEach((view, i) => {
    if (view.buffer === undefined) fail(`buffer view ${i} names no buffer.`);
    ref(view.buffer, 'buffers', `buffer view ${i}'s buffer`);
  });
  json.textures?.forEach((texture, i) => {
    ref(texture.source, 'images', `texture ${i}'s source`);
    ref(texture.sampler, 'samplers', `texture ${i}'s sampler`);
  });
  json.images?.forEach((image, i) => ref(image.bufferView, 'bufferViews', `image ${i}'s bufferView`));
  json.materials?.forEach((material, i) => {
    const pbr = material.pbrMetallicRoughness;
    for (const [slot, info] of Object.entries({
      baseColorTexture: pbr?.baseColorTexture,
      metallicRoughnessTexture: pbr?.metallicRoughnessTexture,
      normalTexture: material.normalTexture,
      occlusionTexture: material.occlusionTexture,
      emissiveTexture: material.emissiveTexture,
    }))
      if (info) ref(info.index, 'textures', `material ${i}'s ${slot}`);
  });
  json.skins?.forEach((skin, i) => {
    refs(skin.joints, 'nodes', `skin ${i}'s joints`);
    ref(skin.skeleton, 'nodes', `skin ${i}'s skeleton`);
    ref(skin.inverseBindMatrices, 'accessors', `skin ${i}'s inverseBindMatrices`);
  });
  json.animations?.forEach((animation, a) => {
    animation.samplers?.forEach((sampler, s) => {
      ref(sampler.input, 'accessors', `animation ${a} sampler ${s}'s input`);
      ref(sampler.output, 'accessors', `animation ${a} sampler ${s}'s output`);
    });
    animation.channels?.forEach((channel, c) => {
      // The animation's own samplers (not the file's texture samplers).
      const own = animation.samplers?.length ?? 0;
      const sampler = channel.sampler;
      if (!(Number.isInteger(sampler) && (sampler as number) >= 0 && (sampler as number) < own))
        fail(`animation ${a} channel ${c} names its sampler ${String(sampler)}; the animation has ${own}.`);
      ref(channel.target?.node, 'nodes', `animation ${a} channel ${c}'s node`);
    });
  });
}

/** Nodes form a forest: no node is its own ancestor, none has two parents (glTF's rule; a cycle would never end). */
function checkHierarchy(json: GltfJson, fail: Fail): void {
  const parent = new Map<number, number>();
  json.nodes?.forEach((node, i) =>
    node.children?.forEach((child) => {
      if (parent.get(child) === i) fail(`node ${i} lists node ${child} among its children twice.`);
      if (parent.has(child))
        fail(
          `node ${child} is a child of node ${parent.get(child)} and of node ${i}; a node has one parent.`,
        );
      parent.set(child, i);
    }),
  );
  for (const start of parent.keys()) {
    let at: number | undefined = start;
    for (let steps = 0; at !== undefined; steps++, at = parent.get(at))
      if (steps > parent.size) fail(`node ${start} is its own ancestor (the node hierarchy has a cycle).`);
  }
}

/** A count, length or offset: a whole number ≥ min. */
function wholeNumber(value: unknown, min: number, what: string, fail: Fail): void {
  if (!(Number.isSafeInteger(value) && (value as number) >= min))
    fail(`${what} is ${JSON.stringify(value) ?? String(value)}; give a whole number ≥ ${min}.`);
}

/** Bytes ending at `end` inside a view. */
function within(end: number, view: { byteLength: number }, index: number, what: string, fail: Fail): void {
  if (end > view.byteLength)
    fail(`${what} end at byte ${end} of buffer view ${index}, which has ${view.byteLength} bytes.`);
}
