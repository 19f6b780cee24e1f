// The workload of `npm run bench:load`, made in the page so no 5 MB file lives in the repository: a .glb of 1 000 nodes
// (100 groups of 10, each group's first node the parent of the other nine), each node with its own mesh of 100 triangles
// (a bumped 5×10 grid of quads: 66 vertices with POSITION, NORMAL, TEXCOORD_0, 16-bit indices), four materials (two
// with a 16×16 nearest checker texture). The same bytes feed both loaders.
import { Document, WebIO, type Buffer, type Material } from '@gltf-transform/core';

export const NODES = 1000;
export const TRIANGLES_PER_MESH = 100;
const COLUMNS = 10; // quads along x
const ROWS = 5; // quads along z

/** The file's bytes and where its nodes spread (for placing the camera). */
export async function bigGltf(): Promise<{ glb: Uint8Array; extent: number }> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const checker = await checkerPng();
  const texture = doc.createTexture('checker').setImage(checker).setMimeType('image/png');
  const materials = [0, 1, 2, 3].map((i) => {
    const m = doc
      .createMaterial(`material ${i}`)
      .setBaseColorFactor([0.5 + 0.15 * i, 0.9 - 0.1 * i, 0.6, 1])
      .setRoughnessFactor(1)
      .setMetallicFactor(0);
    if (i % 2 === 0) {
      m.setBaseColorTexture(texture);
      m.getBaseColorTextureInfo()!.setMagFilter(9728).setMinFilter(9728);
    }
    return m;
  });
  const scene = doc.createScene('big');
  const side = Math.ceil(Math.sqrt(NODES / 10));
  let group = doc.createNode();
  for (let i = 0; i < NODES; i++) {
    const mesh = doc.createMesh(`mesh ${i}`).addPrimitive(grid(doc, buffer, i, materials[i % 4]!));
    const node = doc.createNode(`node ${i}`).setMesh(mesh);
    if (i % 10 === 0) {
      const g = i / 10;
      node.setTranslation([(g % side) * 3 - side * 1.5, 0, -Math.floor(g / side) * 3]);
      scene.addChild(node);
      group = node;
    } else {
      node
        .setTranslation([0, (i % 10) * 0.15, 0])
        .setRotation([0, Math.sin(i * 0.05), 0, Math.cos(i * 0.05)])
        .setScale([0.9, 1, 0.9]);
      group.addChild(node);
    }
  }
  return { glb: await new WebIO().writeBinary(doc), extent: side * 3 };
}

/** Mesh `i`: a 2×1 grid of 10×5 quads, bumped by a height that differs per mesh so no two are equal. */
function grid(doc: Document, buffer: Buffer, i: number, material: Material) {
  const positions: number[] = [];
  const normals: number[] = [];
  const uvs: number[] = [];
  for (let z = 0; z <= ROWS; z++)
    for (let x = 0; x <= COLUMNS; x++) {
      const h = 0.1 * Math.sin(x * 0.7 + i) * Math.cos(z * 0.9 + i * 0.3);
      positions.push(x * 0.2 - 1, h, z * 0.2 - 0.5);
      normals.push(0, 1, 0);
      uvs.push(x / COLUMNS, z / ROWS);
    }
  const indices: number[] = [];
  for (let z = 0; z < ROWS; z++)
    for (let x = 0; x < COLUMNS; x++) {
      const a = z * (COLUMNS + 1) + x;
      const b = a + COLUMNS + 1;
      indices.push(a, b, a + 1, a + 1, b, b + 1);
    }
  const accessor = (type: 'VEC3' | 'VEC2' | 'SCALAR', array: Float32Array | Uint16Array) =>
    doc.createAccessor().setType(type).setArray(array).setBuffer(buffer);
  return doc
    .createPrimitive()
    .setAttribute('POSITION', accessor('VEC3', new Float32Array(positions)))
    .setAttribute('NORMAL', accessor('VEC3', new Float32Array(normals)))
    .setAttribute('TEXCOORD_0', accessor('VEC2', new Float32Array(uvs)))
    .setIndices(accessor('SCALAR', new Uint16Array(indices)))
    .setMaterial(material);
}

async function checkerPng(): Promise<Uint8Array> {
  const canvas = new OffscreenCanvas(16, 16);
  const context = canvas.getContext('2d')!;
  for (let y = 0; y < 16; y++)
    for (let x = 0; x < 16; x++) {
      context.fillStyle = (x + y) % 2 === 0 ? '#e0c080' : '#604030';
      context.fillRect(x, y, 1, 1);
    }
  return new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer());
}
