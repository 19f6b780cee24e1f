// The island's look, made here from seeded generators (the project's own art): the ground as one faceted mesh whose
// cells are coloured by a noise field (grass in patches, a dirt path to the bench, sand, wet sand, foam, shallows
// over the deep sea), palms with curved trunks and drooping fronds, grass tufts and flowers. Only the look: where
// things stand for the rules is island.ts's, drawn from its own random stream, so the art can change without
// changing a game.
import { boxGeometry, Node, seededRandom, sphereGeometry, type Geometry } from '../../src/index';

type Rgb = readonly [number, number, number];

/** The ground mesh's cell (m): 7 texels at the game's 28 texels a metre, a visible pixel-art grain. */
const CELL = 0.25;
/** How far the sand slopes down to the shallows, and the water's surface under the sea level of the island's y = 0. */
const BEACH = 0.7;
const WATER = -0.22;
/** Where the shallows end (m past the shore line): the deep sea plane shows beyond. */
const SHALLOWS = 1.3;

/** A smooth seeded 2D noise in 0…1 (value noise on a unit lattice, smoothstep-blended). */
export function valueNoise(seed: number): (x: number, z: number) => number {
  // Each lattice point's value is a hash of its place and the seed: the same whatever order points are asked in.
  const at = (i: number, j: number) =>
    seededRandom((Math.imul(i, 73856093) ^ Math.imul(j, 19349663) ^ seed) >>> 0)();
  const smooth = (t: number) => t * t * (3 - 2 * t);
  return (x, z) => {
    const [i, j] = [Math.floor(x), Math.floor(z)];
    const [u, v] = [smooth(x - i), smooth(z - j)];
    const top = at(i, j) + (at(i + 1, j) - at(i, j)) * u;
    const bottom = at(i, j + 1) + (at(i + 1, j + 1) - at(i, j + 1)) * u;
    return top + (bottom - top) * v;
  };
}

/** The shore line's distance from the centre at angle `theta`: `radius`, wavy by ±0.35 m. */
export function shoreLine(seed: number, radius: number): (theta: number) => number {
  const noise = valueNoise(seed + 17);
  // Sampled round a circle in noise space, so the line closes on itself.
  return (theta) => radius + (noise(2 + Math.cos(theta) * 1.6, 2 + Math.sin(theta) * 1.6) - 0.5) * 0.7;
}

/**
 * The ground: a grid of `CELL` squares out to the shallows, flat where the rules walk and sloping down to the water
 * over the beach (never inside `flat`, the walkable radius), each square one colour (vertex colours) by what lies under its centre. `path` is the dirt path's
 * centre line, from the start to the bench.
 */
export function groundGeometry(
  seed: number,
  radius: number,
  flat: number,
  path: readonly [readonly [number, number], readonly [number, number]],
): Geometry {
  const shore = shoreLine(seed, radius);
  const patches = valueNoise(seed + 29);
  const speck = seededRandom(seed + 41);
  const height = (x: number, z: number) => {
    const [r, edge] = [Math.hypot(x, z), shore(Math.atan2(z, x))];
    const from = Math.max(edge - BEACH, flat);
    const t = Math.min(Math.max((r - from) / (edge - from), 0), 1);
    return WATER * t * t * (3 - 2 * t);
  };
  const onPath = (x: number, z: number) => {
    const [[ax, az], [bx, bz]] = path;
    const t = Math.min(
      Math.max(((x - ax) * (bx - ax) + (z - az) * (bz - az)) / ((bx - ax) ** 2 + (bz - az) ** 2), 0),
      1,
    );
    const wiggle = Math.sin(t * Math.PI * 2) * 0.25;
    return Math.hypot(x - (ax + (bx - ax) * t + wiggle), z - (az + (bz - az) * t)) < 0.4;
  };
  const colour = (x: number, z: number): Rgb => {
    const d = Math.hypot(x, z) - shore(Math.atan2(z, x));
    const s = speck();
    if (d > 0.18) {
      const deep = Math.min(Math.floor(((d - 0.18) / (SHALLOWS - 0.18)) * 3), 2);
      if (s < 0.015) return [0.75, 0.92, 0.95]; // a glint
      return (
        [
          [0.36, 0.74, 0.76],
          [0.3, 0.64, 0.74],
          [0.24, 0.54, 0.7],
        ] as const
      )[deep]!;
    }
    if (d > 0) return [0.86, 0.94, 0.95]; // foam on the shore line
    if (d > -0.18) return s < 0.2 ? [0.72, 0.62, 0.44] : [0.78, 0.68, 0.48]; // wet sand
    if (d > -BEACH - 0.3 * patches(x * 0.9, z * 0.9)) return s < 0.15 ? [0.8, 0.7, 0.48] : [0.9, 0.8, 0.56];
    if (onPath(x, z)) return s < 0.2 ? [0.6, 0.46, 0.3] : [0.7, 0.55, 0.36];
    const band = Math.min(Math.max(Math.floor((patches(x * 0.3, z * 0.3) - 0.2) * 5), 0), 2);
    const grass = (
      [
        [0.31, 0.54, 0.26],
        [0.4, 0.64, 0.31],
        [0.5, 0.73, 0.36],
      ] as const
    )[band]!;
    if (s < 0.07) return [grass[0] * 0.82, grass[1] * 0.86, grass[2] * 0.8];
    if (s < 0.11) return [grass[0] * 1.12, grass[1] * 1.1, grass[2] * 1.05];
    return grass;
  };
  const vertices: number[] = [];
  const colors: number[] = [];
  const indices: number[] = [];
  const n = Math.ceil((radius + 0.4 + SHALLOWS) / CELL);
  for (let j = -n; j < n; j++)
    for (let i = -n; i < n; i++) {
      const [x0, z0] = [i * CELL, j * CELL];
      const [cx, cz] = [x0 + CELL / 2, z0 + CELL / 2];
      if (Math.hypot(cx, cz) - shore(Math.atan2(cz, cx)) > SHALLOWS) continue;
      const rgb = colour(cx, cz);
      // Two triangles, counter-clockwise seen from above; flat normals per triangle (faceted beach).
      const corners = [
        [x0, z0 + CELL],
        [x0 + CELL, z0 + CELL],
        [x0 + CELL, z0],
        [x0, z0],
      ].map(([x, z]) => [x!, height(x!, z!), z!] as const);
      for (const tri of [
        [0, 1, 2],
        [0, 2, 3],
      ]) {
        const [a, b, c] = tri.map((k) => corners[k]!);
        const [ux, uy, uz] = [b![0] - a![0], b![1] - a![1], b![2] - a![2]];
        const [vx, vy, vz] = [c![0] - a![0], c![1] - a![1], c![2] - a![2]];
        let [nx, ny, nz] = [uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx];
        const len = Math.hypot(nx, ny, nz);
        [nx, ny, nz] = [nx / len, ny / len, nz / len];
        for (const p of [a!, b!, c!]) {
          indices.push(vertices.length / 8);
          vertices.push(p[0], p[1], p[2], nx, ny, nz, (p[0] + n * CELL) / 4, (p[2] + n * CELL) / 4);
          colors.push(rgb[0], rgb[1], rgb[2], 1);
        }
      }
    }
  return {
    name: 'island ground',
    vertices: Float32Array.from(vertices),
    indices: vertices.length / 8 > 0xffff ? Uint32Array.from(indices) : Uint16Array.from(indices),
    colors: Float32Array.from(colors),
  };
}

/** What the art's makers ask of the island: a lit mesh of a colour (it keeps the materials for the outline colours). */
export type LitMesh = (name: string, geometry: Geometry, color: Rgb) => Node;

/** How far a palm's fronds reach out from its trunk (m). */
export const PALM_REACH = 0.95;

const TRUNK = boxGeometry(0.16, 1, 0.16);
const FROND = boxGeometry(0.24, 0.035, 1);
const NUT = sphereGeometry(0.07, 6, 4);

/**
 * A palm `height` m tall: a trunk of five segments leaning a little more each (a curve) and a crown of drooping
 * fronds (each two parts, the outer bent down) with coconuts under it. Its base is the node's origin.
 */
export function palmTree(name: string, height: number, random: () => number, lit: LitMesh): Node {
  const palm = new Node(name);
  const lean = random() * Math.PI * 2;
  const [ax, az] = [Math.cos(lean), Math.sin(lean)];
  const segments = 5;
  const length = height / segments;
  let top: Node = palm;
  for (let i = 0; i < segments; i++) {
    const segment = new Node(`${name} trunk ${i}`).setPosition(0, i === 0 ? 0 : length, 0);
    segment.setRotationFromAxisAngle([ax, 0, az], 0.07 + i * 0.025);
    const shade = i % 2 ? 0.9 : 1;
    segment.add(
      lit(`${name} bark ${i}`, TRUNK, [0.55 * shade, 0.4 * shade, 0.25 * shade])
        .setScale(1 - i * 0.08, length, 1 - i * 0.08)
        .setPosition(0, length / 2, 0),
    );
    top.add(segment);
    top = segment;
  }
  const crown = new Node(`${name} crown`).setPosition(0, length, 0);
  top.add(crown);
  const fronds = 8;
  for (let i = 0; i < fronds; i++) {
    const yaw = (i / fronds) * Math.PI * 2 + random() * 0.4;
    const green: Rgb = i % 2 ? [0.2, 0.5, 0.26] : [0.28, 0.6, 0.3];
    const frond = new Node(`${name} frond ${i}`).setRotationFromEuler(-0.25 - random() * 0.2, yaw, 0, 'YXZ');
    frond.add(lit(`${name} leaf ${i}`, FROND, green).setScale(1, 1, 0.55).setPosition(0, 0, 0.27));
    const tip = new Node(`${name} tip ${i}`).setPosition(0, 0, 0.52).setRotationFromEuler(0.55, 0, 0);
    tip.add(lit(`${name} leaf tip ${i}`, FROND, green).setScale(0.8, 1, 0.5).setPosition(0, 0, 0.24));
    frond.add(tip);
    crown.add(frond);
  }
  for (let i = 0; i < 3; i++) {
    const a = (i / 3) * Math.PI * 2 + lean;
    crown.add(
      lit(`${name} nut ${i}`, NUT, [0.42, 0.28, 0.16]).setPosition(
        Math.cos(a) * 0.09,
        -0.08,
        Math.sin(a) * 0.09,
      ),
    );
  }
  return palm;
}

const BLADE = boxGeometry(0.035, 1, 0.035);
const PETAL = boxGeometry(0.07, 0.05, 0.07);

/** A grass tuft: three blades fanned out, of one of the grass greens, `size` m tall. */
export function grassTuft(name: string, size: number, random: () => number, lit: LitMesh): Node {
  const tuft = new Node(name).setRotationFromEuler(0, random() * Math.PI, 0);
  const green: Rgb = random() < 0.5 ? [0.32, 0.58, 0.26] : [0.52, 0.78, 0.36];
  for (const [i, tilt] of [-0.5, 0, 0.5].entries())
    tuft.add(
      new Node(`${name} ${i}`).setRotationFromEuler(0, 0, tilt).add(
        lit(`${name} blade ${i}`, BLADE, green)
          .setScale(1, size * (i === 1 ? 1 : 0.75), 1)
          .setPosition(0, (size * (i === 1 ? 1 : 0.75)) / 2, 0),
      ),
    );
  return tuft;
}

/** A small flower on a stem: white, yellow or pink. */
export function flower(name: string, random: () => number, lit: LitMesh): Node {
  const colours: Rgb[] = [
    [0.95, 0.95, 0.9],
    [0.98, 0.85, 0.3],
    [0.95, 0.55, 0.7],
  ];
  const node = new Node(name);
  node.add(lit(`${name} stem`, BLADE, [0.3, 0.55, 0.25]).setScale(1, 0.14, 1).setPosition(0, 0.07, 0));
  node.add(lit(`${name} petals`, PETAL, colours[Math.floor(random() * 3)]!).setPosition(0, 0.15, 0));
  return node;
}
