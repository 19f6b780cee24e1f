import { mat3, quat, vec3, type ReadonlyVec3 } from 'gl-matrix';

/** The order Euler angles apply in: 'XYZ' is the rotation matrix Rx·Ry·Rz (three.js's default order). */
export type EulerOrder = 'XYZ' | 'XZY' | 'YXZ' | 'YZX' | 'ZXY' | 'ZYX';

const EULER_ORDERS: readonly EulerOrder[] = ['XYZ', 'XZY', 'YXZ', 'YZX', 'ZXY', 'ZYX'];
const AXES = { X: [1, 0, 0], Y: [0, 1, 0], Z: [0, 0, 1] } as const;
const scratch = [quat.create(), quat.create(), quat.create()];

/**
 * The unit quaternion of Euler angles `x`, `y`, `z` (radians) composed in `order`: for 'XYZ' the matrix Rx·Ry·Rz,
 * i.e. z is applied first, about the object's own axes after x and y (intrinsic), as three.js reads its Euler.
 */
export function quatFromEuler(out: quat, x: number, y: number, z: number, order: EulerOrder = 'XYZ'): quat {
  if (!EULER_ORDERS.includes(order))
    throw new RangeError(`Euler order "${String(order)}": use one of ${EULER_ORDERS.join(', ')}.`);
  const angles = { X: x, Y: y, Z: z };
  const [a, b, c] = [...order] as ('X' | 'Y' | 'Z')[];
  quat.setAxisAngle(scratch[0]!, AXES[a!], angles[a!]);
  quat.setAxisAngle(scratch[1]!, AXES[b!], angles[b!]);
  quat.setAxisAngle(scratch[2]!, AXES[c!], angles[c!]);
  quat.multiply(out, scratch[0]!, scratch[1]!);
  return quat.multiply(out, out, scratch[2]!);
}

/** The unit quaternion of a rotation by `angle` radians about `axis` (any non-zero length); a zero axis is an error. */
export function quatFromAxisAngle(out: quat, axis: ArrayLike<number>, angle: number): quat {
  const length = Math.hypot(axis[0]!, axis[1]!, axis[2]!);
  if (!(length > 1e-12) || !Number.isFinite(angle))
    throw new RangeError(
      `Axis (${Array.from(axis).join(', ')}) and angle ${angle}: give a non-zero axis and a finite angle.`,
    );
  return quat.setAxisAngle(out, [axis[0]! / length, axis[1]! / length, axis[2]! / length], angle);
}

const x = vec3.create();
const y = vec3.create();
const z = vec3.create();
const basis = mat3.create();

/**
 * The rotation whose +Z axis points along `forward` and whose +Y axis is as close to `up` as that allows (both in the
 * same space). Returns null when there is no such rotation: a zero `forward`, or `up` parallel to it.
 */
export function lookRotation(out: quat, forward: ReadonlyVec3, up: ReadonlyVec3): quat | null {
  if (!(vec3.length(forward) > 1e-9)) return null;
  vec3.normalize(z, forward);
  vec3.cross(x, up, z);
  if (!(vec3.length(x) > 1e-9 * Math.max(1, vec3.length(up)))) return null;
  vec3.normalize(x, x);
  vec3.cross(y, z, x);
  basis[0] = x[0]!;
  basis[1] = x[1]!;
  basis[2] = x[2]!;
  basis[3] = y[0]!;
  basis[4] = y[1]!;
  basis[5] = y[2]!;
  basis[6] = z[0]!;
  basis[7] = z[1]!;
  basis[8] = z[2]!;
  return quat.normalize(out, quat.fromMat3(out, basis));
}
