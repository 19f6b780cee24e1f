// The game's island, made here from seeded generators (the project's own art): a round island of sand and grass in
// the sea, palms and rocks, the workbench (a table with a support of five sockets, a lantern at each end), the five
// pieces scattered about, the sun, and the layout the rules need (where everything stands, in metres on the ground).
import { mergeMeshes } from '../../src/advanced';
import {
  boxGeometry,
  cylinderGeometry,
  DirectionalLight,
  Material,
  Mesh,
  Node,
  planeGeometry,
  PointLight,
  seededRandom,
  sphereGeometry,
  type Geometry,
} from '../../src/index';
import { flower, grassTuft, groundGeometry, PALM_REACH, palmTree, type LitMesh } from './island-art';
import type { Occluder } from './see-through';
import { budgetBoard, READOUT_TEXELS_PER_METRE, type BudgetPanel } from '../shared/workshop-scene';
import type { Box, Circle, GameLayout } from './workshop-game';

/** The island's radius (the grass is a little less) and where the bench stands. */
const ISLAND = 7;
/** The game's native texels per metre (336 across its 12 m view). */
const TEXELS_PER_METRE = 28;
/** How far from the centre the player may walk. */
const SHORE = ISLAND - 0.6;
const BENCH = { x: 0, z: -2.2, width: 2.4, depth: 0.9, height: 0.9 };

/** The five pieces: a name, a shape, its half height (it stands on its base), a colour (its socket's mark too). */
const PIECES: { name: string; geometry: Geometry; half: number; color: [number, number, number] }[] = [
  { name: 'gear', geometry: cylinderGeometry(0.24, 0.12, 10), half: 0.06, color: [0.95, 0.75, 0.2] },
  { name: 'cap', geometry: sphereGeometry(0.18, 8, 5), half: 0.18, color: [0.3, 0.75, 0.35] },
  { name: 'spring', geometry: cylinderGeometry(0.1, 0.4, 8), half: 0.2, color: [0.3, 0.5, 0.95] },
  { name: 'washer', geometry: cylinderGeometry(0.2, 0.06, 10), half: 0.03, color: [0.75, 0.75, 0.8] },
  { name: 'pin', geometry: boxGeometry(0.09, 0.42, 0.09), half: 0.21, color: [0.9, 0.35, 0.3] },
];

/** What `islandScene` builds. */
export interface Island {
  root: Node;
  /** The sea round the island, out to the horizon (at y = −0.25). */
  sea: Mesh;
  layout: GameLayout;
  /** The pieces' meshes, in the layout's order, standing on the ground. */
  pieces: Mesh[];
  /** Where each piece sits when set in: a node on top of its socket. */
  seats: Node[];
  /** Every lit material (outline colours are set from them). */
  materials: Material[];
  sun: DirectionalLight;
  lanterns: PointLight[];
  /** The frame-budget readout on the board behind the bench (`budgetPanelStep` keeps it). */
  budget: BudgetPanel;
  /** The palms, for fading those that hide the player. */
  palms: Occluder[];
}

/** Builds the island from `seed` (which places the palms, the rocks and the pieces). */
export function islandScene(seed: number): Island {
  const root = new Node('island');
  const materials: Material[] = [];
  const lit = (name: string, geometry: Geometry, color: readonly [number, number, number]) => {
    const material = new Material('lambert', [...color, 1]);
    materials.push(material);
    return new Mesh(name, geometry, material);
  };
  // Tufts and flowers: built as meshes of their colours, then baked into one (below).
  const small = (name: string, geometry: Geometry, color: readonly [number, number, number]) =>
    new Mesh(name, geometry, new Material('lambert', [...color, 1]));
  const sea = new Mesh('sea', planeGeometry(80, 80), new Material('lambert', [0.18, 0.42, 0.62, 1]));
  sea.material.setParam('outline', [0, 0, 0, 0]); // flat water draws no lines of its own
  root.add(sea.setPosition(0, -0.25, 0));
  // The ground (grass, the path to the bench, sand, shallows: island-art.ts), coloured per vertex.
  const start: [number, number] = [0, 0.8];
  const ground = new Material('lambert', [1, 1, 1, 1]);
  ground.setParam('outline', [0.2, 0.26, 0.18, 1]);
  root.add(
    new Mesh(
      'ground',
      groundGeometry(seed, ISLAND + 0.1, SHORE, [start, [BENCH.x, BENCH.z + BENCH.depth / 2]]),
      ground,
    ),
  );
  // The art's own random stream: the look can change without moving what the rules see.
  const art = seededRandom(seed + 7777);

  // The bench: a table top on four legs, a support along its back with five sockets, a lantern at each end.
  const bench = new Node('bench').setPosition(BENCH.x, 0, BENCH.z);
  root.add(bench);
  const top = lit('table top', boxGeometry(BENCH.width, 0.08, BENCH.depth), [0.6, 0.42, 0.25]);
  bench.add(top.setPosition(0, BENCH.height, 0));
  for (const [x, z] of [
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
  ] as const)
    bench.add(
      lit('leg', boxGeometry(0.08, BENCH.height, 0.08), [0.45, 0.3, 0.18]).setPosition(
        x * (BENCH.width / 2 - 0.1),
        BENCH.height / 2,
        z * (BENCH.depth / 2 - 0.1),
      ),
    );
  const support = lit('support', boxGeometry(2, 0.08, 0.3), [0.4, 0.4, 0.45]);
  bench.add(support.setPosition(0, BENCH.height + 0.08, -0.1));
  // The frame-budget readout on a board behind the bench, on two posts, leaning back to face the camera (main.ts's
  // offset: 9 up, 10 back); scaled so its font's texels are the game's native texels (28 a metre).
  const slate = new Material('lambert', [0.22, 0.2, 0.24, 1]);
  materials.push(slate);
  const { panel: board, budget } = budgetBoard(slate);
  const boardScale = READOUT_TEXELS_PER_METRE / TEXELS_PER_METRE;
  bench.add(
    board
      .setScale(boardScale, boardScale, boardScale)
      .setPosition(0, BENCH.height + 0.5, -BENCH.depth / 2 - 0.05)
      .setRotationFromEuler(-Math.atan2(9, 10), 0, 0), // square to the game camera's view: the font undistorted
  );
  for (const side of [-1, 1])
    bench.add(
      lit('board post', boxGeometry(0.06, BENCH.height + 0.4, 0.06), [0.45, 0.3, 0.18]).setPosition(
        side * 0.33 * boardScale,
        (BENCH.height + 0.4) / 2,
        -BENCH.depth / 2 - 0.1,
      ),
    );
  const seats: Node[] = [];
  const sockets: [number, number][] = [];
  PIECES.forEach((piece, i) => {
    const x = -0.9 + i * 0.45;
    const socket = lit(`socket ${piece.name}`, cylinderGeometry(0.09, 0.06, 10), [0.22, 0.22, 0.25]);
    bench.add(socket.setPosition(x, BENCH.height + 0.15, -0.1));
    // The socket's mark: a chip of its piece's colour on the support's front.
    bench.add(
      lit(`mark ${piece.name}`, boxGeometry(0.12, 0.05, 0.02), piece.color).setPosition(
        x,
        BENCH.height + 0.08,
        0.06,
      ),
    );
    const seat = new Node(`seat ${piece.name}`).setPosition(0, 0.03 + piece.half, 0); // its base on the socket
    socket.add(seat);
    seats.push(seat);
    sockets.push([BENCH.x + x, BENCH.z - 0.1]);
  });
  const lanterns: PointLight[] = [];
  for (const side of [-1, 1]) {
    const x = side * (BENCH.width / 2 - 0.15);
    bench.add(
      lit('lantern post', boxGeometry(0.06, 0.5, 0.06), [0.3, 0.22, 0.16]).setPosition(
        x,
        BENCH.height + 0.25,
        0.3,
      ),
    );
    const glass = new Material('lambert', [1, 0.8, 0.45, 1]);
    glass.setParam('emissive', [0.9, 0.55, 0.2]);
    bench.add(
      new Mesh('lantern', boxGeometry(0.14, 0.16, 0.14), glass).setPosition(x, BENCH.height + 0.55, 0.3),
    );
    const bulb = new PointLight(`lamp ${side}`, { color: [1, 0.7, 0.4], intensity: 0.2, range: 2.5 });
    bench.add(bulb.setPosition(x, BENCH.height + 0.55, 0.5));
    lanterns.push(bulb);
  }
  const benchBox: Box = {
    minX: BENCH.x - BENCH.width / 2,
    maxX: BENCH.x + BENCH.width / 2,
    minZ: BENCH.z - BENCH.depth / 2,
    maxZ: BENCH.z + BENCH.depth / 2,
  };

  // Palms and rocks, placed by the seed away from the bench, the start and each other.
  const random = seededRandom(seed);
  const circles: Circle[] = [];
  const free = (x: number, z: number, room: number) =>
    Math.hypot(x, z) < ISLAND - 1.6 &&
    // Clear of the start, and of the strip between it and the camera (south of it) where a palm would hide the kit.
    Math.hypot(x - start[0], z - start[1]) > room + 2 &&
    !(Math.abs(x - start[0]) < 1.5 && z > start[1]) &&
    (x < benchBox.minX - room - 0.6 ||
      x > benchBox.maxX + room + 0.6 ||
      z < benchBox.minZ - room - 0.6 ||
      z > benchBox.maxZ + room + 0.6) &&
    circles.every((c) => Math.hypot(x - c.x, z - c.z) > c.radius + room + 0.8);
  const place = (room: number): [number, number] => {
    for (;;) {
      const [a, r] = [random() * 2 * Math.PI, 1.5 + random() * (ISLAND - 3)];
      const [x, z] = [Math.cos(a) * r, Math.sin(a) * r];
      if (free(x, z, room)) return [x, z];
    }
  };
  const palms: Occluder[] = [];
  for (let i = 0; i < 6; i++) {
    const [x, z] = place(0.2);
    const h = 1.4 + random() * 0.8;
    const own: Material[] = [];
    const palmLit: LitMesh = (name, geometry, color) => {
      const mesh = lit(name, geometry, color);
      own.push(mesh.material);
      return mesh;
    };
    root.add(palmTree(`palm ${i}`, h, art, palmLit).setPosition(x, 0, z));
    palms.push({ x, z, height: h, reach: PALM_REACH, materials: own });
    circles.push({ x, z, radius: 0.2 });
  }
  for (let i = 0; i < 5; i++) {
    const [x, z] = place(0.35);
    const size = 0.3 + random() * 0.2;
    root.add(
      lit(`rock ${i}`, sphereGeometry(size, 6, 4), [0.55, 0.55, 0.58])
        .setPosition(x, 0.05, z)
        .setScale(1.3, 0.7, 1),
    );
    circles.push({ x, z, radius: size * 1.2 });
  }
  const pieces: Mesh[] = [];
  const spots: [number, number][] = [];
  PIECES.forEach((spec) => {
    const [x, z] = place(0.3);
    spots.push([x, z]);
    const mesh = lit(spec.name, spec.geometry, spec.color);
    root.add(mesh.setPosition(x, 0.02 + spec.half, z));
    pieces.push(mesh);
    circles.push({ x, z, radius: 0 }); // kept clear of later placements only: the player walks over pieces
  });
  circles.splice(-PIECES.length);

  // Tufts and flowers about the grass, off the path, the bench, the obstacles and the pieces (so none hides one).
  const bare = (x: number, z: number) =>
    Math.hypot(x, z) < ISLAND - 1.5 &&
    !(Math.abs(x - start[0]) < 0.8 && z < start[1] + 0.4 && z > benchBox.maxZ - 0.2) &&
    !(
      x > benchBox.minX - 0.3 &&
      x < benchBox.maxX + 0.3 &&
      z > benchBox.minZ - 0.3 &&
      z < benchBox.maxZ + 0.3
    ) &&
    circles.every((c) => Math.hypot(x - c.x, z - c.z) > c.radius + 0.3) &&
    spots.every(([px, pz]) => Math.hypot(x - px, z - pz) > 0.6);
  const decor = new Node('decor');
  for (let i = 0, tries = 0; i < 90 && tries < 2000; tries++) {
    const [x, z] = [(art() * 2 - 1) * ISLAND, (art() * 2 - 1) * ISLAND];
    if (!bare(x, z)) continue;
    const made =
      i % 3 === 2
        ? flower(`flower ${i}`, art, small)
        : grassTuft(`tuft ${i}`, 0.14 + art() * 0.1, art, small);
    decor.add(made.setPosition(x, 0, z));
    i++;
  }
  // Static and many (about 200 meshes): one mesh, one node for the frame's sweep and culling. Too small for lines of
  // their own (outlined, they read as dark scribbles).
  const decorMaterial = new Material('lambert', [1, 1, 1, 1]);
  decorMaterial.setParam('outline', [0, 0, 0, 0]);
  root.add(new Mesh('tufts and flowers', mergeMeshes(decor), decorMaterial));

  const sun = new DirectionalLight('sun', { color: [0.95, 0.92, 0.85] });
  root.add(sun);
  sun.lookAt([-0.45, -1, -0.6]); // at the origin: it shines along that way

  return {
    root,
    sea,
    layout: {
      shore: SHORE,
      circles,
      boxes: [benchBox],
      pieces: spots,
      sockets,
      bench: benchBox,
      start,
    },
    pieces,
    seats,
    materials,
    sun,
    lanterns,
    palms,
    budget,
  };
}
