import { describe, expect, it } from 'vitest';
import { Camera } from '../scene/camera';
import { boxGeometry } from '../scene/geometry';
import { Material } from '../scene/material';
import { Mesh } from '../scene/mesh';
import { Node } from '../scene/node';
import { Renderer } from '../render/renderers/renderer';
import { testCanvas } from '../render/renderers/test-backends';
import { loadGltf } from './load-gltf';
import { dracoDecoderModule } from './test-draco';

const PROP = new URL('./fixtures/prop.glb', import.meta.url).href;
/** Messages that tell the user nothing about their file: a parser's or the engine's own fault showing through. */
const LEAKS =
  /TypeError|RangeError|Cannot read|of undefined|of null|is not a function|Invalid typed array|\[object/;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A .glb of this JSON and binary chunk (each padded to 4 bytes, as the format wants). */
function glb(json: Json, bin: Uint8Array): Uint8Array {
  const text = new TextEncoder().encode(JSON.stringify(json));
  const jsonLength = Math.ceil(text.length / 4) * 4;
  const binLength = Math.ceil(bin.length / 4) * 4;
  const out = new Uint8Array(12 + 8 + jsonLength + 8 + binLength);
  const view = new DataView(out.buffer);
  out.set([0x67, 0x6c, 0x54, 0x46]);
  view.setUint32(4, 2, true);
  view.setUint32(8, out.length, true);
  view.setUint32(12, jsonLength, true);
  view.setUint32(16, 0x4e4f534a, true);
  out.fill(0x20, 20, 20 + jsonLength);
  out.set(text, 20);
  view.setUint32(20 + jsonLength, binLength, true);
  view.setUint32(24 + jsonLength, 0x004e4942, true);
  out.set(bin, 28 + jsonLength);
  return out;
}

/** The fixture's JSON and binary chunk. */
function unpack(bytes: Uint8Array): { json: Json; bin: Uint8Array } {
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  const jsonLength = view.getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + jsonLength))) as Json;
  const binLength = view.getUint32(20 + jsonLength, true);
  return { json, bin: bytes.slice(28 + jsonLength, 28 + jsonLength + binLength) };
}

/**
 * The corpus: the fixture cut at many places, its header and chunks broken, and its JSON edited one field at a time
 * into every kind of lie a file can tell (counts, ranges, indices, types, sparse data, numbers). Every case is a file
 * no loader may draw.
 */
function hostileCorpus(bytes: Uint8Array): [string, Uint8Array][] {
  const cases: [string, Uint8Array][] = [];
  for (let cut = 0; cut < bytes.length; cut += cut < 40 ? 3 : 97)
    cases.push([`cut at ${cut}`, bytes.slice(0, cut)]);
  const header = (at: number, value: number, name: string) => {
    const copy = bytes.slice();
    new DataView(copy.buffer).setUint32(at, value, true);
    cases.push([name, copy]);
  };
  header(0, 0x46546c67 ^ 0xff, 'bad magic');
  header(4, 1, 'version 1');
  header(8, 0xffffffff, 'header length 4 GiB');
  header(8, 40, 'header length short');
  header(12, 0xfffffff0, 'JSON chunk 4 GiB');
  header(16, 0x004e4942, 'first chunk BIN');
  const { json, bin } = unpack(bytes);
  const edit = (name: string, change: (json: Json) => void) => {
    const copy = structuredClone(json);
    change(copy);
    cases.push([name, glb(copy, bin)]);
  };
  for (const count of [-1, 0, 1.5, '24', 1e9, null])
    edit(`accessor count ${String(count)}`, (j) => (j.accessors[0].count = count));
  edit('accessor count 2^53 without a view', (j) => {
    delete j.accessors[1].bufferView;
    j.accessors[1].count = 2 ** 53;
  });
  edit('accessor component type 9999', (j) => (j.accessors[0].componentType = 9999));
  edit('accessor type VEC5', (j) => (j.accessors[0].type = 'VEC5'));
  edit('accessor byte offset 1e9', (j) => (j.accessors[0].byteOffset = 1e9));
  edit('accessor byte offset -4', (j) => (j.accessors[0].byteOffset = -4));
  edit('accessor byte offset 1.5', (j) => (j.accessors[0].byteOffset = 1.5));
  edit('accessor buffer view 99', (j) => (j.accessors[0].bufferView = 99));
  edit('accessor buffer view -1', (j) => (j.accessors[0].bufferView = -1));
  edit('buffer view length 1e9', (j) => (j.bufferViews[0].byteLength = 1e9));
  edit('buffer view offset -8', (j) => (j.bufferViews[0].byteOffset = -8));
  edit('buffer view buffer 5', (j) => (j.bufferViews[0].buffer = 5));
  edit('buffer view stride 1e6', (j) => (j.bufferViews[0].byteStride = 1e6));
  edit('buffer view stride 3', (j) => (j.bufferViews[0].byteStride = 3));
  edit('buffer length 1e9', (j) => (j.buffers[0].byteLength = 1e9));
  const sparse = (name: string, change: (s: Json, j: Json) => void) =>
    edit(`sparse ${name}`, (j) => {
      // Values taken from the start of the first view, indices from the index view: all in range as made.
      const s = {
        count: 3,
        indices: { bufferView: 1, byteOffset: 0, componentType: 5123 },
        values: { bufferView: 0, byteOffset: 0 },
      };
      j.accessors[0].sparse = s;
      change(s, j);
    });
  sparse('count 1e9', (s) => (s.count = 1e9));
  sparse('count 0', (s) => (s.count = 0));
  sparse('count above the accessor', (s) => (s.count = 25));
  sparse('indices view 99', (s) => (s.indices.bufferView = 99));
  sparse('indices component type float', (s) => (s.indices.componentType = 5126));
  sparse('indices offset past the view', (s) => (s.indices.byteOffset = 1e6));
  sparse('values view 99', (s) => (s.values.bufferView = 99));
  sparse('values offset past the view', (s) => (s.values.byteOffset = 1e6));
  // The index view holds the box's indices, 0 1 2 0 2 3 4 5 6 …: read from byte 12 they are 4 5 6.
  sparse('index past the accessor', (s, j) => {
    s.indices.byteOffset = 12;
    for (const a of [0, 1, 2]) j.accessors[a].count = 5;
  });
  sparse('indices not increasing', (s) => (s.count = 4));
  edit('primitive position accessor 999', (j) => (j.meshes[0].primitives[0].attributes.POSITION = 999));
  edit('primitive indices 999', (j) => (j.meshes[0].primitives[0].indices = 999));
  edit('primitive material 999', (j) => (j.meshes[0].primitives[0].material = 999));
  edit('primitive without attributes', (j) => delete j.meshes[0].primitives[0].attributes);
  edit('node mesh 999', (j) => (j.nodes[0].mesh = 999));
  edit('node child 999', (j) => (j.nodes[0].children = [999]));
  edit('node its own child', (j) => (j.nodes[0].children = [0]));
  edit('two parents', (j) => j.nodes.push({ name: 'second parent', children: [1] }));
  edit('a child listed twice', (j) => j.nodes[0].children.push(1));
  edit('a second buffer with no file', (j) => {
    j.buffers.push({ byteLength: 4 });
    j.bufferViews.push({ buffer: 1, byteLength: 4 });
  });
  edit('meshopt fallback buffer', (j) => {
    j.buffers.push({ byteLength: 4, extensions: { EXT_meshopt_compression: { fallback: true } } });
    j.bufferViews.push({ buffer: 1, byteLength: 4 });
  });
  edit('buffer beside a .glb that is not there', (j) => {
    j.buffers.push({ uri: 'missing.bin', byteLength: 4 });
    j.bufferViews.push({ buffer: 1, byteLength: 4 });
  });
  // Three bytes where the file says more (was refused with a raw "Invalid typed array length: 3").
  edit('buffer a 3-byte data URI', (j) => (j.buffers[0].uri = 'data:application/octet-stream;base64,AAAA'));
  edit(
    'buffer a data URI that is not base64',
    (j) => (j.buffers[0].uri = 'data:application/octet-stream;base64,@@'),
  );
  edit('scene node 999', (j) => (j.scenes[0].nodes = [999]));
  edit('scene 9 as default', (j) => (j.scene = 9));
  edit('translation of strings', (j) => (j.nodes[0].translation = ['a', 'b', 'c']));
  edit('rotation of 3 numbers', (j) => (j.nodes[0].rotation = [0, 0, 1]));
  edit('scale beyond float32', (j) => (j.nodes[0].scale = [1e39, 1, 1]));
  edit('matrix of 12 numbers', (j) => (j.nodes[0].matrix = [1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]));
  if (json.textures?.length) {
    edit('texture source 999', (j) => (j.textures[0].source = 999));
    edit('texture sampler 999', (j) => (j.textures[0].sampler = 999));
  }
  if (json.images?.length) {
    edit('image buffer view 999', (j) => (j.images[0].bufferView = 999));
    edit('image of vertex bytes', (j) => (j.images[0].bufferView = 0));
  }
  for (const [name, value] of [
    ['JSON null', null],
    ['JSON array', []],
    ['no asset', { scenes: [] }],
    ['version 1.0', { asset: { version: '1.0' } }],
  ] as const)
    cases.push([name, glb(value as Json, bin)]);
  edit('accessors not a list', (j) => (j.accessors = 5));
  edit('nodes not a list', (j) => (j.nodes = { 0: {} }));
  return cases;
}

/** Each case of `codecCorpus`: a file and whether it is Draco's (loaded with the decoder). */
type CodecCase = [name: string, bytes: Uint8Array, draco: boolean];

/**
 * The meshopt and Draco props broken in their extensions' fields and in their compressed bytes: a decoder must never
 * be handed what makes it read outside the file, allocate what the file does not hold, or fault.
 */
function codecCorpus(meshopt: Uint8Array, draco: Uint8Array): CodecCase[] {
  const cases: CodecCase[] = [];
  const editor = (bytes: Uint8Array, isDraco: boolean) => {
    const { json, bin } = unpack(bytes);
    return (name: string, change: (json: Json, bin: Uint8Array) => void) => {
      const [j, b] = [structuredClone(json), bin.slice()];
      change(j, b);
      cases.push([`${isDraco ? 'Draco' : 'meshopt'} ${name}`, glb(j, b), isDraco]);
    };
  };
  const m = editor(meshopt, false);
  const ext = (j: Json, view = 0): Json => j.bufferViews[view].extensions.EXT_meshopt_compression;
  m('count 1e9', (j) => (ext(j).count = 1e9));
  m('count one more', (j) => (ext(j).count += 1));
  m('stride 6', (j) => (ext(j).byteStride = 6));
  m('stride 2^40', (j) => (ext(j).byteStride = 2 ** 40));
  m('mode FAST', (j) => (ext(j).mode = 'FAST'));
  m('filter SHARP', (j) => (ext(j).filter = 'SHARP'));
  m('byte length past its buffer', (j) => (ext(j).byteLength = 1e6));
  m('byte offset -4', (j) => (ext(j).byteOffset = -4));
  m('buffer 7', (j) => (ext(j).buffer = 7));
  m('reads the fallback', (j) => (ext(j).buffer = 1));
  m('compressed bytes zeroed', (j, b) => b.fill(0, ext(j).byteOffset, ext(j).byteOffset + ext(j).byteLength));
  m('compressed bytes cut short', (j) => (ext(j).byteLength = Math.floor(ext(j).byteLength / 2)));
  const indexView = (j: Json) => j.accessors[j.meshes[0].primitives[0].indices].bufferView as number;
  m('index bytes zeroed', (j, b) => {
    const e = ext(j, indexView(j));
    b.fill(0, e.byteOffset, e.byteOffset + e.byteLength);
  });
  const d = editor(draco, true);
  const primitive = (j: Json): Json => j.meshes[0].primitives[0].extensions.KHR_draco_mesh_compression;
  const view = (j: Json): Json => j.bufferViews[primitive(j).bufferView];
  d('buffer view 99', (j) => (primitive(j).bufferView = 99));
  d('no buffer view', (j) => delete primitive(j).bufferView);
  d('attributes 5', (j) => (primitive(j).attributes = 5));
  d('attribute id 99', (j) => (primitive(j).attributes.POSITION = 99));
  d('attribute id -1', (j) => (primitive(j).attributes.POSITION = -1));
  d('decodes an attribute the primitive lacks', (j) => (primitive(j).attributes.COLOR_0 = 3));
  d('compressed bytes zeroed', (j, b) =>
    b.fill(0, view(j).byteOffset, view(j).byteOffset + view(j).byteLength),
  );
  d('compressed bytes cut short', (j) => (view(j).byteLength = Math.floor(view(j).byteLength / 2)));
  d(
    'compressed bytes of another mesh',
    (j) =>
      (primitive(j).bufferView = j.meshes[1].primitives[0].extensions.KHR_draco_mesh_compression.bufferView),
  );
  return cases;
}

describe('hostile glTF corpus', () => {
  it('meshopt and Draco files broken in their compressed parts are refused, naming the part', async () => {
    const bytes = async (name: string) =>
      new Uint8Array(await (await fetch(new URL(`./fixtures/${name}`, import.meta.url))).arrayBuffer());
    const draco = await dracoDecoderModule();
    const corpus = codecCorpus(await bytes('prop-meshopt.glb'), await bytes('prop-draco.glb'));
    const accepted: string[] = [];
    const unclear: string[] = [];
    const warn = console.warn;
    console.warn = () => {};
    try {
      for (const [name, file, isDraco] of corpus) {
        const url = URL.createObjectURL(new Blob([file as BlobPart]));
        try {
          await loadGltf(url, isDraco ? { draco } : {});
          accepted.push(name);
        } catch (error) {
          const message = (error as Error).message;
          if (!message.startsWith(`glTF "${url}": `) || LEAKS.test(message.slice(url.length + 8)))
            unclear.push(`${name}: ${message}`);
        } finally {
          URL.revokeObjectURL(url);
        }
      }
    } finally {
      console.warn = warn;
    }
    expect(accepted, 'broken files that loaded').toEqual([]);
    expect(unclear, 'messages that do not say what is wrong').toEqual([]);
    // The decoder still works after all that.
    expect(
      (await loadGltf(new URL('./fixtures/prop-draco.glb', import.meta.url).href, { draco })).unsupported,
    ).toEqual([]);
  });

  it('every broken file is refused, in well under a second, naming the file and the part; the scene drawn meanwhile is untouched', async () => {
    const root = new Node('root');
    const camera = Camera.pixels('eye', 48, 32, 10);
    root.add(camera);
    root.add(new Mesh('crate', boxGeometry(10, 10, 1), new Material('lambert')).setPosition(24, 16, -5));
    const renderer = await Renderer.create(testCanvas(48, 32), { root, camera, native: [48, 32] });
    let time = 0;
    const frames = (n: number) => {
      for (let i = 0; i < n; i++) renderer.render((time += 1 / 60), 1 / 60);
      return { objects: { ...renderer.gpuObjects }, nodes: root.children.length };
    };
    const before = frames(2);
    const good = await loadGltf(PROP); // the corpus's source loads: each case below breaks it one way
    expect(good.meshes.length).toBeGreaterThan(3);

    const corpus = hostileCorpus(new Uint8Array(await (await fetch(PROP)).arrayBuffer()));
    expect(corpus.length).toBeGreaterThan(100);
    console.info(`hostile glTF corpus: ${corpus.length} files`);
    const accepted: string[] = [];
    const unclear: string[] = [];
    const messages = new Map<string, string>();
    let slowest = 0;
    const warn = console.warn;
    console.warn = () => {}; // the cases that load with a warning are caught by `accepted`
    try {
      for (const [name, bytes] of corpus) {
        const url = URL.createObjectURL(new Blob([bytes as BlobPart]));
        const start = performance.now();
        try {
          await loadGltf(url);
          accepted.push(name);
        } catch (error) {
          const message = (error as Error).message;
          messages.set(name, message);
          if (!message.startsWith(`glTF "${url}": `) || LEAKS.test(message.slice(url.length + 8)))
            unclear.push(`${name}: ${message}`);
        } finally {
          URL.revokeObjectURL(url);
        }
        slowest = Math.max(slowest, performance.now() - start);
        expect(frames(1)).toEqual(before);
      }
    } finally {
      console.warn = warn;
    }
    expect(accepted, 'broken files that loaded').toEqual([]);
    // The message a meshopt file gave was about "the .glb binary chunk" of a .gltf; now it names the fallback.
    expect(messages.get('meshopt fallback buffer')).toMatch(
      /reads buffer 1, a meshopt fallback that holds no bytes/,
    );
    expect(messages.get('buffer a 3-byte data URI')).toMatch(
      /buffer 0 \(its data: URI\) has 3 bytes; the file says \d+\./,
    );
    expect(messages.get('buffer a data URI that is not base64')).toMatch(
      /buffer 0's data: URI does not decode/,
    );
    expect(messages.get('buffer a 3-byte data URI')).toMatch(
      /buffer 0 \(its data: URI\) has 3 bytes; the file says \d+\./,
    );
    expect(messages.get('buffer a data URI that is not base64')).toMatch(
      /buffer 0's data: URI does not decode/,
    );
    expect(unclear, 'messages that do not say what is wrong').toEqual([]);
    expect(slowest).toBeLessThan(1000);
    renderer.destroy();
  });
});
