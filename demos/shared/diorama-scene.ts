// The diorama's scene, shared by demos/diorama and bench/look: a plinth of textured ground with a cottage, two lanterns
// at its door (point lights), trees, rocks and a pond (made here from seeded generators: the project's own art), lit
// lambert materials, a sun that can run through a day, and an orthographic camera 16 units across that orbits the
// middle and pans along its own x.
import {
  boxGeometry,
  Camera,
  cylinderGeometry,
  DirectionalLight,
  Material,
  Mesh,
  Node,
  planeGeometry,
  PointLight,
  seededRandom,
  sphereGeometry,
  Texture,
} from '../../src/index';

/** World units across the view: 336 texels of 1/21 unit at the default native width. */
const VIEW_WIDTH = 16;

/** A 32×32 grass-and-dirt image, made here from a seeded generator (the project's own art). */
function groundTexture(): Texture {
  const random = seededRandom(7);
  const pixels = new Uint8Array(32 * 32 * 4);
  for (let y = 0; y < 32; y++)
    for (let x = 0; x < 32; x++) {
      const path = Math.abs(x - 12 - Math.round(Math.sin(y / 5) * 3)) < 3;
      const speck = random();
      const [r, g, b] = path
        ? speck < 0.2
          ? [150, 120, 80]
          : [176, 144, 96]
        : speck < 0.12
          ? [70, 140, 60]
          : speck < 0.2
            ? [120, 190, 80]
            : [96, 168, 72];
      pixels.set([r, g, b, 255], (y * 32 + x) * 4);
    }
  return Texture.fromPixels(32, 32, pixels, { label: 'diorama ground' });
}

/** What `dioramaScene` builds: the root, its camera, every material (for the light options), and the camera's path. */
export interface DioramaScene {
  world: Node;
  camera: Camera;
  materials: Material[];
  /** Puts the camera where it is at time `t` (s): a slow orbit, then `pan` texels plus a slow sway along its x. */
  place(t: number, pan: number): void;
  /** The sun (a DirectionalLight: it casts the shadows) and the lanterns' lights. */
  sun: DirectionalLight;
  lanterns: PointLight[];
  /**
   * The light at time `t` (s) of a day that lasts `day` seconds: the sun climbs, crosses and sets, warm near the
   * horizon and gone at night, when the sky's ambient is a dim blue and the lanterns burn brighter. `ambient` is
   * written with the sky's light.
   */
  light(t: number, day: number, ambient: Float32Array): void;
}

/** Builds the diorama for a native image of `nw`×`nh` texels. */
export function dioramaScene(nw: number, nh: number): DioramaScene {
  const world = new Node('world');
  const lit = (color: [number, number, number, number], map?: Texture) =>
    new Material('lambert', color, map ? { map } : {});
  const materials: Material[] = [];
  const add = (mesh: Mesh<unknown, Material>) => {
    materials.push(mesh.material);
    world.add(mesh);
    return mesh;
  };
  add(new Mesh('ground', planeGeometry(10, 10), lit([1, 1, 1, 1], groundTexture())));
  add(new Mesh('plinth', boxGeometry(10.4, 0.6, 10.4), lit([0.45, 0.32, 0.25, 1]))).setPosition(0, -0.31, 0);
  // A cottage: walls, a roof of two slabs, a door and a chimney.
  const house = new Node('house').setPosition(-1.6, 0, -1.2).setRotationFromEuler(0, 0.35, 0);
  world.add(house);
  const part = (mesh: Mesh<unknown, Material>) => {
    materials.push(mesh.material);
    house.add(mesh);
    return mesh;
  };
  part(new Mesh('walls', boxGeometry(2.4, 1.6, 1.8), lit([0.92, 0.85, 0.7, 1]))).setPosition(0, 0.8, 0);
  for (const side of [-1, 1])
    part(new Mesh(`roof${side}`, boxGeometry(2.8, 0.16, 1.3), lit([0.75, 0.25, 0.2, 1])))
      .setPosition(0, 1.95, side * 0.48)
      .setRotationFromEuler(side * 0.6, 0, 0);
  part(new Mesh('door', boxGeometry(0.5, 0.9, 0.06), lit([0.45, 0.28, 0.15, 1]))).setPosition(
    0.4,
    0.45,
    0.92,
  );
  part(new Mesh('chimney', boxGeometry(0.3, 0.8, 0.3), lit([0.5, 0.5, 0.55, 1]))).setPosition(
    -0.7,
    2.1,
    -0.3,
  );
  // Two lanterns on posts either side of the door: a warm glass that glows (emissive) and a point light in each.
  const lanterns: PointLight[] = [];
  for (const side of [-1, 1]) {
    const x = 0.4 + side * 0.5;
    part(new Mesh(`post${side}`, boxGeometry(0.08, 1.1, 0.08), lit([0.3, 0.22, 0.16, 1]))).setPosition(
      x,
      0.55,
      1.15,
    );
    const glass = new Material('lambert', [1, 0.8, 0.45, 1]);
    glass.setParam('emissive', [0.9, 0.55, 0.2]);
    part(new Mesh(`lantern${side}`, boxGeometry(0.2, 0.24, 0.2), glass)).setPosition(x, 1.2, 1.15);
    const bulb = new PointLight(`lamp${side}`, { color: [1, 0.68, 0.35], intensity: 0.4, range: 3.2 });
    bulb.setPosition(x, 1.2, 1.4); // in front of the glass: it lights the door and the path, not the post
    house.add(bulb);
    lanterns.push(bulb);
  }
  // Trees, rocks and a pond, placed by a seeded generator.
  const random = seededRandom(21);
  for (let i = 0; i < 7; i++) {
    const x = 1 + random() * 3.5;
    const z = -3.5 + random() * 7;
    const h = 0.6 + random() * 0.6;
    add(new Mesh(`trunk${i}`, cylinderGeometry(0.12, h, 6), lit([0.45, 0.3, 0.18, 1]))).setPosition(
      x,
      h / 2,
      z,
    );
    add(
      new Mesh(
        `leaves${i}`,
        sphereGeometry(0.55 + random() * 0.25, 8, 5),
        lit([0.2, 0.55 + random() * 0.15, 0.25, 1]),
      ),
    ).setPosition(x, h + 0.35, z);
  }
  for (let i = 0; i < 5; i++)
    add(new Mesh(`rock${i}`, sphereGeometry(0.25 + random() * 0.2, 6, 4), lit([0.6, 0.6, 0.62, 1])))
      .setPosition(-4 + random() * 3, 0.1, 1.5 + random() * 2.5)
      .setScale(1.3, 0.7, 1);
  add(new Mesh('pond', boxGeometry(2, 0.05, 1.4), lit([0.3, 0.55, 0.9, 1]))).setPosition(-2.2, 0.02, 2.6);

  // The camera: orthographic, 16 units across, orbiting the middle at a fixed height.
  const camera = Camera.orthographic('eye', VIEW_WIDTH, [nw, nh], { far: 60 });
  world.add(camera);
  // The sun: it stands in for the environment's light and casts the shadow pass's shadows.
  const sun = new DirectionalLight('sun', { color: [0.9, 0.9, 0.85] });
  world.add(sun);
  const aimSun = (x: number, y: number, z: number) => sun.lookAt([x, y, z]); // at the origin: it shines along (x, y, z)
  aimSun(-0.5, -1, -0.35);
  const light = (t: number, day: number, ambient: Float32Array) => {
    // Noon at t = 0 (the fixed-clock screenshots), then afternoon, dusk, night and dawn.
    const phase = ((t / day) % 1) * 2 * Math.PI;
    const height = Math.cos(phase); // 1 at noon, −1 at midnight
    const up = Math.max(height, 0);
    aimSun(-0.5 * Math.cos(phase * 0.5) - 0.6 * Math.sin(phase), -Math.max(height, 0.15), -0.35);
    // Warm near the horizon, white high up, gone below it.
    const warm = 1 - up;
    const strength = Math.min(Math.max(height * 3, 0), 1);
    sun.setColor(0.9 * strength, (0.9 - 0.35 * warm) * strength, (0.85 - 0.55 * warm) * strength);
    const night = 1 - Math.min(Math.max(height * 2 + 0.5, 0), 1);
    // Moonlight at night: a dim blue sky.
    ambient.set([0.25 - 0.12 * night, 0.25 - 0.1 * night, 0.3 - 0.04 * night, 1]);
    for (const lantern of lanterns) lantern.intensity = 0.4 + 1.2 * night;
  };
  const texel = VIEW_WIDTH / nw;
  const place = (t: number, pan: number) => {
    const angle = 0.7 + t * 0.05; // radians: a slow orbit
    camera.setPosition(Math.sin(angle) * 20, 14, Math.cos(angle) * 20);
    camera.lookAt([0, 0.5, 0]);
    // The pan: along the camera's own x, by `pan` texels plus a slow sway.
    const w = camera.worldMatrix;
    const along = (pan + Math.sin(t * 0.3) * 12) * texel;
    camera.setPosition(w[12]! + w[0]! * along, w[13]! + w[1]! * along, w[14]! + w[2]! * along);
  };
  return { world, camera, materials, place, sun, lanterns, light };
}
