// The only public entry of Armature: everything a user may import is exported here, nothing else is public.
export { requestGpu, type GpuContext, type GpuRequest } from './gpu/request-gpu';
export { configureCanvas, type CanvasOptions, type ConfiguredCanvas } from './gpu/configure-canvas';
export { GpuInitError } from './gpu/gpu-init-error';
export { compileWgsl, WgslCompileError } from './gpu/compile-wgsl';
export { TestPattern } from './gpu/test-pattern';
export { installArmatureHandle, type ArmatureHandle } from './debug/armature-handle';
export { Node } from './scene/node';
export { updateWorldMatrices, type UpdateOptions } from './scene/update-world-matrices';
export { validateWorldMatrices } from './scene/validate-world-matrices';
export { findShearedNodes, type ShearReport } from './scene/find-sheared-nodes';
export { Camera, type Projection } from './scene/camera';
export { Mesh } from './scene/mesh';
export { SceneError } from './scene/scene-error';
