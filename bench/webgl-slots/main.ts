// The browser half of `npm run bench:webgl-slots`: #37's "measure and choose" for WebGL2, where per-object data cannot
// live in a storage buffer. The same ?n= boxes with per-object data of 128 bytes (model matrix, normal matrix as three
// vec4, colour: the lambert kind's fields) and an instance-to-object table, drawn two ways in one WebGL2 context:
//   image: the objects and the table in two RGBA32UI images read with texelFetch, one instanced draw (what Armature does);
//   blocks: std140 uniform block arrays of K objects (K from the block size: 16 KB, WebGL2's guaranteed minimum, and
//     this device's largest) with a table block beside each, one instanced draw per K objects.
// Per frame: ?moving= of the objects get a new model matrix and are uploaded (one write per object: the moved ones are
// spread), then the draws. Measured: the CPU time of that, and the time until the GPU finished (a one-pixel read),
// median over interleaved rounds. Raw WebGL2, no engine: the data path alone.
import { mat4 } from 'gl-matrix';

const params = new URLSearchParams(location.search);
const n = Number(params.get('n') ?? 100_000);
const share = Number(params.get('moving') ?? 0.01);
const rounds = Number(params.get('rounds') ?? 5);
const framesPerRound = Number(params.get('frames') ?? 10);
/** Bytes per object: 8 vec4. */
const OBJECT = 128;
const TEXELS = OBJECT / 16;
const WIDTH = 4096; // texels per image row: a multiple of TEXELS, so an object never spans two rows

const canvas = document.querySelector<HTMLCanvasElement>('#gl')!;
const gl = canvas.getContext('webgl2', { antialias: false, preserveDrawingBuffer: true })!;

/** The boxes on a square grid seen from above, each turned about its own vertical axis by its angle. */
const side = Math.ceil(Math.sqrt(n));
const data = new Float32Array((n * OBJECT) / 4);
const angles = new Float32Array(n);
const model = mat4.create();
function writeObject(i: number): void {
  const x = (i % side) - side / 2;
  const z = Math.floor(i / side) - side / 2;
  mat4.fromYRotation(model, angles[i]!);
  model[12] = x;
  model[14] = z;
  const o = (i * OBJECT) / 4;
  data.set(model, o);
  // A rotation about y: its normal matrix is its upper 3×3 (columns padded to vec4, as std140 lays out a mat3).
  for (let c = 0; c < 3; c++)
    for (let r = 0; r < 4; r++) data[o + 16 + c * 4 + r] = r < 3 ? model[c * 4 + r]! : 0;
  data.set([0.3 + (0.7 * ((i * 37) % 101)) / 100, 0.5, 0.8 - (0.5 * ((i * 17) % 89)) / 88, 1], o + 28);
}
for (let i = 0; i < n; i++) {
  angles[i] = (i * 0.37) % 6.28;
  writeObject(i);
}
const viewProj = mat4.create();
mat4.ortho(viewProj, -side / 2 - 1, side / 2 + 1, -side / 2 - 1, side / 2 + 1, -10, 10);
mat4.multiply(viewProj, viewProj, mat4.lookAt(mat4.create(), [0, 5, 0], [0, 0, 0], [0, 0, -1]));

/** A 0.6 box: 24 vertices (position, normal), 36 indices. */
function box(): { vertices: Float32Array; indices: Uint16Array } {
  const v: number[] = [];
  const idx: number[] = [];
  const s = 0.3;
  for (let axis = 0; axis < 3; axis++)
    for (const sign of [-1, 1]) {
      const base = v.length / 6;
      const [u, w] = [(axis + 1) % 3, (axis + 2) % 3];
      for (const [a, b] of [
        [-1, -1],
        [1, -1],
        [1, 1],
        [-1, 1],
      ]) {
        const p = [0, 0, 0];
        const nrm = [0, 0, 0];
        p[axis] = sign * s;
        p[u] = a! * s;
        p[w] = b! * s;
        nrm[axis] = sign;
        v.push(...p, ...nrm);
      }
      idx.push(base, base + 1, base + 2, base, base + 2, base + 3);
    }
  return { vertices: new Float32Array(v), indices: new Uint16Array(idx) };
}

const VERTEX_INPUT = `#version 300 es
precision highp float;
precision highp int;
layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
uniform mat4 viewProj;
flat out uint vSlot;
out vec3 vNormal;
`;
const FRAGMENT_OUTPUT = `
in vec3 vNormal;
out vec4 color;
vec4 lit(vec4 base) {
  return vec4(base.rgb * (0.35 + 0.65 * max(dot(normalize(vNormal), normalize(vec3(0.3, 1.0, 0.5))), 0.0)), 1.0);
}
`;

const IMAGE_VERTEX = `${VERTEX_INPUT}
uniform highp usampler2D objects;
uniform highp usampler2D instances;
uvec4 texel(highp usampler2D image, int i) {
  int width = textureSize(image, 0).x;
  return texelFetch(image, ivec2(i % width, i / width), 0);
}
vec4 column(int i) { return uintBitsToFloat(texel(objects, i)); }
void main() {
  uint slot = texel(instances, gl_InstanceID / 4)[gl_InstanceID % 4];
  int base = int(slot) * ${TEXELS};
  mat4 model = mat4(column(base), column(base + 1), column(base + 2), column(base + 3));
  mat3 normalMatrix = mat3(column(base + 4).xyz, column(base + 5).xyz, column(base + 6).xyz);
  vNormal = normalMatrix * normal;
  vSlot = slot;
  gl_Position = viewProj * model * vec4(position, 1.0);
}`;
const IMAGE_FRAGMENT = `#version 300 es
precision highp float;
precision highp int;
uniform highp usampler2D objects;
flat in uint vSlot;
${FRAGMENT_OUTPUT}
void main() {
  int i = int(vSlot) * ${TEXELS} + 7;
  int width = textureSize(objects, 0).x;
  color = lit(uintBitsToFloat(texelFetch(objects, ivec2(i % width, i / width), 0)));
}`;

const blockDeclarations = (k: number) => `
struct Object { mat4 model; vec4 normal0; vec4 normal1; vec4 normal2; vec4 color; };
layout(std140) uniform Objects { Object objects[${k}]; };
`;
const blockVertex = (k: number) => `${VERTEX_INPUT}${blockDeclarations(k)}
layout(std140) uniform Table { uvec4 entries[${k / 4}]; };
void main() {
  uint slot = entries[gl_InstanceID / 4][gl_InstanceID % 4];
  Object o = objects[slot];
  vNormal = mat3(o.normal0.xyz, o.normal1.xyz, o.normal2.xyz) * normal;
  vSlot = slot;
  gl_Position = viewProj * o.model * vec4(position, 1.0);
}`;
const blockFragment = (k: number) => `#version 300 es
precision highp float;
precision highp int;
${blockDeclarations(k)}
flat in uint vSlot;
${FRAGMENT_OUTPUT}
void main() { color = lit(objects[vSlot].color); }`;

function program(vertex: string, fragment: string): WebGLProgram {
  const p = gl.createProgram()!;
  for (const [type, source] of [
    [gl.VERTEX_SHADER, vertex],
    [gl.FRAGMENT_SHADER, fragment],
  ] as const) {
    const s = gl.createShader(type)!;
    gl.shaderSource(s, source);
    gl.compileShader(s);
    if (!gl.getShaderParameter(s, gl.COMPILE_STATUS)) throw new Error(gl.getShaderInfoLog(s) ?? 'compile');
    gl.attachShader(p, s);
  }
  gl.linkProgram(p);
  if (!gl.getProgramParameter(p, gl.LINK_STATUS)) throw new Error(gl.getProgramInfoLog(p) ?? 'link');
  return p;
}

const geometry = box();
const vao = gl.createVertexArray()!;
gl.bindVertexArray(vao);
gl.bindBuffer(gl.ARRAY_BUFFER, gl.createBuffer());
gl.bufferData(gl.ARRAY_BUFFER, geometry.vertices, gl.STATIC_DRAW);
gl.enableVertexAttribArray(0);
gl.vertexAttribPointer(0, 3, gl.FLOAT, false, 24, 0);
gl.enableVertexAttribArray(1);
gl.vertexAttribPointer(1, 3, gl.FLOAT, false, 24, 12);
gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, gl.createBuffer());
gl.bufferData(gl.ELEMENT_ARRAY_BUFFER, geometry.indices, gl.STATIC_DRAW);
gl.enable(gl.DEPTH_TEST);

interface Way {
  name: string;
  /** Binds what the uploads write into. */
  beginUploads(): void;
  /** Uploads object `i`'s bytes (one write). */
  upload(i: number): void;
  /** Uploads every object (one write where the way allows). */
  uploadAll(): void;
  draw(): void;
  drawCalls: number;
}

const words = new Uint32Array(data.buffer);

function imageWay(): Way {
  const prog = program(IMAGE_VERTEX, IMAGE_FRAGMENT);
  const image = (texels: number, unit: number, source: Uint32Array) => {
    const rows = Math.ceil(texels / WIDTH);
    const padded = new Uint32Array(rows * WIDTH * 4);
    padded.set(source);
    const t = gl.createTexture();
    gl.activeTexture(gl.TEXTURE0 + unit);
    gl.bindTexture(gl.TEXTURE_2D, t);
    gl.texStorage2D(gl.TEXTURE_2D, 1, gl.RGBA32UI, WIDTH, rows);
    // An integer image with a filtering sampler is incomplete and reads as zero.
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
    gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, WIDTH, rows, gl.RGBA_INTEGER, gl.UNSIGNED_INT, padded);
    return t;
  };
  const table = new Uint32Array(n);
  for (let i = 0; i < n; i++) table[i] = i;
  const objects = image(n * TEXELS, 0, words);
  const instances = image(Math.ceil(n / 4), 1, table);
  gl.useProgram(prog);
  gl.uniform1i(gl.getUniformLocation(prog, 'objects'), 0);
  gl.uniform1i(gl.getUniformLocation(prog, 'instances'), 1);
  const viewProjAt = gl.getUniformLocation(prog, 'viewProj');
  const bindObjects = () => {
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, objects);
  };
  return {
    name: 'image',
    drawCalls: 1,
    beginUploads: bindObjects,
    upload(i) {
      const texel = i * TEXELS;
      gl.texSubImage2D(
        gl.TEXTURE_2D,
        0,
        texel % WIDTH,
        Math.floor(texel / WIDTH),
        TEXELS,
        1,
        gl.RGBA_INTEGER,
        gl.UNSIGNED_INT,
        words,
        texel * 4,
      );
    },
    uploadAll() {
      const rows = Math.floor((n * TEXELS) / WIDTH);
      gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, WIDTH, rows, gl.RGBA_INTEGER, gl.UNSIGNED_INT, words, 0);
      const rest = n * TEXELS - rows * WIDTH;
      if (rest > 0)
        gl.texSubImage2D(
          gl.TEXTURE_2D,
          0,
          0,
          rows,
          rest,
          1,
          gl.RGBA_INTEGER,
          gl.UNSIGNED_INT,
          words,
          rows * WIDTH * 4,
        );
    },
    draw() {
      gl.useProgram(prog);
      bindObjects();
      gl.activeTexture(gl.TEXTURE1);
      gl.bindTexture(gl.TEXTURE_2D, instances);
      gl.activeTexture(gl.TEXTURE0);
      gl.uniformMatrix4fv(viewProjAt, false, viewProj);
      gl.drawElementsInstanced(gl.TRIANGLES, 36, gl.UNSIGNED_SHORT, 0, n);
    },
  };
}

function blockWay(blockBytes: number): Way {
  const k = Math.floor(blockBytes / OBJECT / 64) * 64; // a multiple of 64: each table block is 256-byte aligned
  const prog = program(blockVertex(k), blockFragment(k));
  const blocks = Math.ceil(n / k);
  const objects = gl.createBuffer();
  gl.bindBuffer(gl.UNIFORM_BUFFER, objects);
  gl.bufferData(gl.UNIFORM_BUFFER, blocks * k * OBJECT, gl.DYNAMIC_DRAW);
  gl.bufferSubData(gl.UNIFORM_BUFFER, 0, data);
  const table = new Uint32Array(blocks * k);
  for (let i = 0; i < table.length; i++) table[i] = i % k;
  const tableBuffer = gl.createBuffer();
  gl.bindBuffer(gl.UNIFORM_BUFFER, tableBuffer);
  gl.bufferData(gl.UNIFORM_BUFFER, table, gl.STATIC_DRAW);
  gl.uniformBlockBinding(prog, gl.getUniformBlockIndex(prog, 'Objects'), 0);
  gl.uniformBlockBinding(prog, gl.getUniformBlockIndex(prog, 'Table'), 1);
  const viewProjAt = gl.getUniformLocation(prog, 'viewProj');
  return {
    name: `blocks of ${k} (${(k * OBJECT) / 1024} KB)`,
    drawCalls: blocks,
    beginUploads() {
      gl.bindBuffer(gl.UNIFORM_BUFFER, objects);
    },
    upload(i) {
      gl.bufferSubData(gl.UNIFORM_BUFFER, i * OBJECT, data, (i * OBJECT) / 4, OBJECT / 4);
    },
    uploadAll() {
      gl.bufferSubData(gl.UNIFORM_BUFFER, 0, data);
    },
    draw() {
      gl.useProgram(prog);
      gl.uniformMatrix4fv(viewProjAt, false, viewProj);
      for (let b = 0; b < blocks; b++) {
        gl.bindBufferRange(gl.UNIFORM_BUFFER, 0, objects, b * k * OBJECT, k * OBJECT);
        gl.bindBufferRange(gl.UNIFORM_BUFFER, 1, tableBuffer, b * k * 4, k * 4);
        gl.drawElementsInstanced(gl.TRIANGLES, 36, gl.UNSIGNED_SHORT, 0, Math.min(k, n - b * k));
      }
    },
  };
}

const pixel = new Uint8Array(4);
const moving = Math.round(n * share);
/** The moved objects: spread over the grid (a stride prime to n), a new angle each frame. */
let frameNumber = 0;
function frame(way: Way): void {
  frameNumber++;
  way.beginUploads();
  if (moving === n) {
    for (let i = 0; i < n; i++) {
      angles[i] = angles[i]! + 0.01;
      writeObject(i);
    }
    way.uploadAll();
  } else
    for (let j = 0; j < moving; j++) {
      const i = ((frameNumber * moving + j) * 7919) % n;
      angles[i] = angles[i]! + 0.01;
      writeObject(i);
      way.upload(i);
    }
  gl.clearColor(0.1, 0.1, 0.12, 1);
  gl.clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT);
  way.draw();
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

function pixels(): Uint8Array {
  const out = new Uint8Array(canvas.width * canvas.height * 4);
  gl.readPixels(0, 0, canvas.width, canvas.height, gl.RGBA, gl.UNSIGNED_BYTE, out);
  return out;
}

async function run() {
  await new Promise((resolve) => setTimeout(resolve)); // after the page's load event: the rounds take longer than its wait
  const largest = gl.getParameter(gl.MAX_UNIFORM_BLOCK_SIZE) as number;
  const ways = [
    imageWay(),
    blockWay(16384),
    ...(largest >= 32768 ? [blockWay(Math.min(largest, 65536))] : []),
  ];
  // The same frame drawn each way must give the same picture, or the comparison means nothing.
  const pictures = ways.map((way) => {
    way.beginUploads();
    way.uploadAll();
    gl.clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT);
    way.draw();
    return pixels();
  });
  const error = gl.getError();
  if (error !== gl.NO_ERROR) throw new Error(`WebGL error ${error}`);
  const differing = pictures.map((p) =>
    p.reduce((sum, byte, i) => sum + (byte !== pictures[0]![i] ? 1 : 0), 0),
  );
  const lit = pictures[0]!.reduce((sum, byte, i) => sum + (i % 4 === 0 && byte > 40 ? 1 : 0), 0);
  const cpu = ways.map(() => [] as number[]);
  const done = ways.map(() => [] as number[]);
  for (let round = 0; round < rounds; round++)
    ways.forEach((way, w) => {
      // The other ways' data went stale in their copies: bring this one's up to date first (not timed).
      way.beginUploads();
      way.uploadAll();
      gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
      const cpuTimes: number[] = [];
      const doneTimes: number[] = [];
      for (let f = 0; f < framesPerRound; f++) {
        const start = performance.now();
        frame(way);
        const drawn = performance.now();
        gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
        cpuTimes.push(drawn - start);
        doneTimes.push(performance.now() - start);
      }
      cpu[w]!.push(median(cpuTimes));
      done[w]!.push(median(doneTimes));
    });
  return {
    n,
    moving,
    crossOriginIsolated,
    maxUniformBlockSize: largest,
    litPixels: lit,
    ways: ways.map((way, w) => ({
      name: way.name,
      drawCalls: way.drawCalls,
      differingBytes: differing[w]!,
      cpuMs: median(cpu[w]!),
      doneMs: median(done[w]!),
    })),
  };
}

run().then(
  (result) => {
    document.querySelector('#out')!.textContent = JSON.stringify(result, null, 2);
    (window as unknown as { __bench: unknown }).__bench = result;
  },
  (error: unknown) => {
    (window as unknown as { __bench: unknown }).__bench = { error: String(error) };
  },
);
