import wgsl from '../../wgsl/device/mip-level.wgsl?raw';
import glsl from '../../wgsl/device/mip-level.glsl?raw';
import type { ShaderPair } from './device';

/**
 * The shader both backends draw a mip level with from the level above (2×2 rounded means in whole 8-bit steps, the
 * CPU's `mipLevels` rule, so the levels are the same bytes on both).
 */
export const MIP_SHADER: ShaderPair = { label: 'mip level', wgsl, glsl };

/** How many levels a full mip chain of a `width`×`height` texture has: down to 1×1. */
export function fullMipCount(width: number, height: number): number {
  return 1 + Math.floor(Math.log2(Math.max(width, height)));
}
