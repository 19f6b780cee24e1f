import { describe, expect, it } from 'vitest';
import { loadGltf } from '../../assets/load-gltf';
import { loadTexture } from '../../assets/load-texture';
import { Camera } from '../../scene/camera';
import { boxGeometry, disposeGeometry, planeGeometry, type Geometry } from '../../scene/geometry';
import { Material } from '../../scene/material';
import { Mesh } from '../../scene/mesh';
import { Node } from '../../scene/node';
import { Texture } from '../../scene/texture';
import { TEST_BACKENDS, testCanvas } from '../renderers/test-backends';
import { Renderer } from '../renderers/renderer';

const FIXTURES = new URL('../../assets/fixtures/texel-test.png', import.meta.url);
const LEVELS = 200;
/**
 * JS heap growth allowed over the second hundred levels. The first hundred are the warm-up: V8's code, the engine's
 * lists and maps reach their working size then (measured here: 1–3 MB, then flat). The heap is sampled after a full
 * collection every 20 levels from then on, and the least of the last three is compared with the least of the first
 * three: a leak raises every later sample, while one sample can sit 2–3 MB off on a busy machine (a clean clone's CI
 * run once read +3.4 MB between two single samples, and alone it reads +0.4 or −2.2).
 */
const HEAP_GROWTH_BYTES = 1_000_000;
const HEAP_EVERY = 20;

/** What one level brings: a glTF prop, a textured ground loaded from a file, 24 crates each with its own art. */
async function loadLevel(n: number) {
  const root = new Node(`level ${n}`);
  const prop = await loadGltf(new URL('prop.glb', FIXTURES).href);
  root.add(prop.root.setPosition(30, 20, -5));
  const ground = await loadTexture(new URL('checker.png', FIXTURES), { label: `ground ${n}` });
  const textures: Texture[] = [ground];
  const geometries: Geometry[] = [planeGeometry(80, 20)];
  root.add(
    new Mesh('ground', geometries[0]!, new Material('lambert', [1, 1, 1, 1], { map: ground })).setPosition(
      42,
      6,
      -8,
    ),
  );
  for (let i = 0; i < 24; i++) {
    const map = Texture.fromPixels(2, 2, new Uint8Array(16).fill((n * 7 + i) % 256), {
      label: `crate ${n}.${i}`,
    });
    const geometry = boxGeometry(2 + (i % 4), 2, 1);
    textures.push(map);
    geometries.push(geometry);
    root.add(
      new Mesh(`crate ${i}`, geometry, new Material('unlit', [1, 1, 1, 1], { map })).setPosition(
        4 + (i % 8) * 10,
        30 + Math.floor(i / 8) * 8,
        -5,
      ),
    );
  }
  return { root, textures, geometries };
}

/** The page's JS heap after a full collection (Chromium, `--js-flags=--expose-gc`). */
function heapAfterGc(): number {
  (globalThis as unknown as { gc: () => void }).gc();
  return (performance as unknown as { memory: { usedJSHeapSize: number } }).memory.usedJSHeapSize;
}

for (const backend of TEST_BACKENDS)
  describe(`level soak on real ${backend}`, () => {
    it(`${LEVELS} levels loaded, played and unloaded: GPU objects back to the same counts every time, heap flat`, async () => {
      const root = new Node('root');
      const camera = Camera.pixels('eye', 84, 60, 10);
      root.add(camera);
      const renderer = await Renderer.create(testCanvas(84, 60), { root, camera, native: [84, 60], backend });
      let time = 0;
      const frames = (n: number) => {
        for (let i = 0; i < n; i++) renderer.render((time += 1 / 60), 1 / 60);
        return { ...renderer.gpuObjects };
      };
      let empty = frames(2);
      const heap: number[] = [];
      for (let n = 0; n < LEVELS; n++) {
        const level = await loadLevel(n);
        root.add(level.root);
        const playing = frames(2);
        expect(playing.textures, `level ${n} drawn`).toBeGreaterThan(empty.textures + 24);
        root.remove(level.root);
        // Half the levels are disposed at once (what a game streaming levels does), half left to the sweep.
        if (n % 2 === 0) {
          for (const texture of level.textures) texture.dispose();
          for (const geometry of level.geometries) disposeGeometry(geometry);
        }
        const unloaded = frames(4);
        // The first level's pipelines and arenas stay (a fixed cost per material kind); nothing else does.
        if (n === 0) empty = unloaded;
        expect(unloaded, `level ${n} unloaded`).toEqual(empty);
        if (n >= LEVELS / 2 - 1 && (n + 1) % HEAP_EVERY === 0) heap.push(heapAfterGc());
      }
      const growth = Math.min(...heap.slice(-3)) - Math.min(...heap.slice(0, 3));
      console.info(
        `${backend}: heap growth from level ${LEVELS / 2} to ${LEVELS}: ${(growth / 1e6).toFixed(3)} MB`,
      );
      expect(growth).toBeLessThan(HEAP_GROWTH_BYTES);
      renderer.destroy();
    }, 120_000);
  });
