// The only public entry of Armature: everything a user may import is exported here, nothing else is public.
export { requestGpu, type GpuContext, type GpuRequest } from './gpu/request-gpu';
export { configureCanvas, type CanvasOptions, type ConfiguredCanvas } from './gpu/configure-canvas';
export { GpuInitError } from './gpu/gpu-init-error';
export { compileWgsl, WgslCompileError } from './gpu/compile-wgsl';
export { TestPattern } from './gpu/test-pattern';
export { installArmatureHandle, type ArmatureHandle } from './debug/armature-handle';
