import { mat4, type ReadonlyMat4, type ReadonlyVec3 } from 'gl-matrix';
import type { MeshSnap } from './mesh';

/** A pixel-stable camera's texel grid: its right and up axes (unit, world space) and a texel's size along each. */
export interface TexelGrid {
  right: ReadonlyVec3;
  up: ReadonlyVec3;
  texelX: number;
  texelY: number;
}

/**
 * Writes into `out` the world matrix `world` as drawn under `snap`: turned about the world's up axis (through its own
 * origin) to the nearest multiple of `snap.angleStep` (the angle of its forward axis in the ground plane), and moved to
 * whole texels along the grid's right and up axes. What is left of the matrix (scale, tilt, depth) is untouched.
 */
export function snapToGrid(out: mat4, world: ReadonlyMat4, snap: Readonly<MeshSnap>, grid: TexelGrid): mat4 {
  mat4.copy(out, world);
  const step = snap.angleStep;
  if (step) {
    const yaw = Math.atan2(out[8]!, out[10]!);
    const turn = Math.round(yaw / step) * step - yaw;
    const c = Math.cos(turn);
    const s = Math.sin(turn);
    for (let column = 0; column < 3; column++) {
      const x = out[column * 4]!;
      const z = out[column * 4 + 2]!;
      out[column * 4] = x * c + z * s;
      out[column * 4 + 2] = -x * s + z * c;
    }
  }
  if (snap.position) {
    const { right, up, texelX, texelY } = grid;
    const t = [out[12]!, out[13]!, out[14]!];
    const a = (t[0]! * right[0]! + t[1]! * right[1]! + t[2]! * right[2]!) / texelX;
    const b = (t[0]! * up[0]! + t[1]! * up[1]! + t[2]! * up[2]!) / texelY;
    const da = (Math.round(a) - a) * texelX;
    const db = (Math.round(b) - b) * texelY;
    for (let i = 0; i < 3; i++) out[12 + i] = t[i]! + right[i]! * da + up[i]! * db;
  }
  return out;
}
