// The only public entry of Armature: everything a user may import is exported here, nothing else is public.
export { requestGpu, type GpuContext, type GpuRequest } from './device/webgpu/request-gpu';
export { configureCanvas, type CanvasOptions, type ConfiguredCanvas } from './device/webgpu/configure-canvas';
export { GpuInitError } from './device/webgpu/gpu-init-error';
export { compileWgsl, WgslCompileError } from './device/webgpu/compile-wgsl';
export { TestPattern, TEST_PATTERN } from './render/test-pattern';
export {
  installArmatureHandle,
  type ArmatureHandle,
  type ClockReadout,
  type XrHandle,
} from './debug/armature-handle';
export { Node } from './scene/node';
export { updateWorldMatrices, type UpdateOptions } from './scene/update-world-matrices';
export { validateWorldMatrices } from './scene/validate-world-matrices';
export { findShearedNodes, type ShearReport } from './scene/find-sheared-nodes';
export { Camera, type Projection } from './scene/camera';
export { Mesh } from './scene/mesh';
export { SceneError } from './scene/scene-error';
export { FrameClock, type Clock, type ClockSample } from './time/frame-clock';
export { FixedClock } from './time/fixed-clock';
export { FrameBudget, type BudgetSnapshot, type Distribution, type FrameRecord } from './time/frame-budget';
export { HEADSET_90HZ_MS, DESKTOP_60HZ_MS } from './time/frame-ceilings';
export {
  FrameLoop,
  type FrameStep,
  type FrameCounters,
  type FrameLoopOptions,
  type SessionFrames,
  type WindowFrames,
} from './time/frame-loop';
export { ReadoutThrottle } from './time/readout-throttle';
export { GpuTimer, type GpuTimes } from './device/webgpu/gpu-timer';
export {
  structLayout,
  structLayouts,
  LayoutError,
  type AddressSpace,
  type FieldLayout,
  type LayoutOptions,
  type StructLayout,
} from './layout/struct-layout';
export { WgslParseError } from './layout/parse-wgsl-structs';
export { StructWriter, FieldWriter, StructBuffer } from './layout/struct-writer';
export {
  UniformArena,
  type ArenaFrameCounters,
  type StorageBuffer,
  type UniformStorage,
} from './layout/uniform-arena';
export { wgslBindings, type WgslBinding, type BindingKind } from './layout/wgsl-bindings';
export { assertStd140Compatible } from './layout/std140';
export type { WgslType, ScalarName } from './layout/wgsl-types';
export { readTexture, pixelAt } from './device/webgpu/read-texture';
export { Material, type MaterialKind } from './scene/material';
export {
  registerMaterialKind,
  materialKind,
  type MaterialKindSpec,
  type MaterialKindInfo,
} from './render/material-kind';
export {
  boxGeometry,
  cylinderGeometry,
  planeGeometry,
  quadGeometry,
  sphereGeometry,
  type Geometry,
} from './scene/geometry';
export {
  RenderGraph,
  type CompiledPassInfo,
  type GraphCounters,
  type PassDecl,
  type PassIO,
  type PassName,
  type ReadDecl,
  type ResourceDecl,
  type SizeRule,
  type TextureAllocator,
} from './graph/render-graph';
export { GraphError } from './graph/graph-error';
export {
  WorldPass,
  type WorldMesh,
  type WorldPassOptions,
  type WorldView,
  type Viewport,
} from './render/world-pass';
export { Environment, type EnvironmentOptions, type ColorLike } from './render/environment';
export { ShaderEffect, type EffectOptions } from './render/shader-effect';
export { FullscreenProgram, type FragmentPair } from './render/fullscreen-program';
export type { FrameContext } from './render/frame-context';
export { PresentPass } from './render/present-pass';
export { Renderer, type RendererOptions } from './render/renderer';
export type {
  BackendName,
  Bindings,
  BindingResource,
  BindingSlot,
  BufferDesc,
  BufferUsage,
  Bundle,
  Device,
  DeviceBuffer,
  DeviceEvents,
  DeviceRecovery,
  DeviceTexture,
  DrawEncoder,
  ExternalTarget,
  PassDesc,
  PassEncoder,
  Pipeline,
  PipelineDesc,
  RenderTarget,
  Sampler,
  SamplerFilter,
  ShaderPair,
  TextureDesc,
  TextureFormat,
  VertexBufferLayout,
  VertexFormat,
} from './device/device';
export {
  createDevice,
  type BackendChoice,
  type DeviceChoice,
  type DeviceOptions,
} from './device/create-device';
export { WebGpuDevice, type WebGpuDeviceOptions } from './device/webgpu/webgpu-device';
export { WebGl2Device, type WebGl2DeviceOptions } from './device/webgl2/webgl2-device';
export { deviceUniformStorage } from './device/uniform-storage';
export { UiPass } from './render/ui-pass';
export { MotionBlurPass } from './render/motion-blur-pass';
export { UpscalePass } from './render/upscale-pass';
export { BackgroundPass } from './render/background-pass';
export { CrtPass } from './render/crt-pass';
export { defaultChainSettings, BAR_FILLS, type BarFill, type ChainSettings } from './render/chain-settings';
export {
  frameRect,
  canvasToNative,
  parsePixelAspect,
  UPSCALE_MODES,
  type FrameRect,
  type UpscaleMode,
} from './render/frame-rect';
export { UiElement, UiRect, UiSprite, UiText } from './scene/ui-element';
export { UiAtlas, type AtlasFrame, type SpriteArt } from './scene/ui-atlas';
export { PIXEL_FONT } from './scene/pixel-font';
export { DebugPanel, type DebugPanelOptions } from './debug/debug-panel';
export {
  readChainUrl,
  writeChainUrl,
  applyChainState,
  chainPassEnabled,
  CHAIN_PASSES,
  type ChainPass,
  type ChainTarget,
  type ChainUrlState,
} from './debug/chain-url';
export {
  trackGpuResources,
  type GpuResourceCounts,
  type GpuResourceTracker,
} from './device/webgpu/track-gpu-resources';
export {
  detectXrSupport,
  sessionUsesWebGpu,
  browserXrEnvironment,
  type XrMode,
  type XrSupport,
  type XrEnvironment,
} from './xr/xr-support';
export {
  XrGpuLayer,
  type XrGpuView,
  type GpuBindingLike,
  type GpuSubImageLike,
  type GpuBindingConstructor,
} from './xr/xr-gpu-layer';
export { XrGlLayer, type XrGlView } from './xr/xr-gl-layer';
export {
  HeadsetRenderer,
  type HeadsetRendererOptions,
  type HeadsetUi,
  type HeadsetView,
} from './render/headset-renderer';
export { eyeNativeSize, type HeadsetResolution } from './render/eye-native-size';
export { compileGlsl, GlslCompileError } from './device/webgl2/compile-glsl';
export { trackGlResources, type GlResourceCounts } from './device/webgl2/track-gl-resources';
