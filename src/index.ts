// The only public entry of Armature: everything a user may import is exported here, nothing else is public.
export { requestGpu, type GpuContext, type GpuRequest } from './gpu/request-gpu';
export { configureCanvas, type CanvasOptions, type ConfiguredCanvas } from './gpu/configure-canvas';
export { GpuInitError } from './gpu/gpu-init-error';
export { compileWgsl, WgslCompileError } from './gpu/compile-wgsl';
export { TestPattern } from './gpu/test-pattern';
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
export { GpuTimer, type GpuTimes } from './gpu/gpu-timer';
export {
  structLayout,
  structLayouts,
  LayoutError,
  type AddressSpace,
  type FieldLayout,
  type LayoutOptions,
  type StructLayout,
} from './gpu/struct-layout';
export { WgslParseError } from './gpu/parse-wgsl-structs';
export { StructWriter, FieldWriter, StructBuffer } from './gpu/struct-writer';
export { UniformArena, type ArenaFrameCounters, type ArenaDevice } from './gpu/uniform-arena';
export { assertStd140Compatible } from './gpu/std140';
export type { WgslType, ScalarName } from './gpu/wgsl-types';
export { readTexture, pixelAt } from './gpu/read-texture';
export { Material, type MaterialKind } from './scene/material';
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
export { WorldPass, type WorldMesh, type WorldPassOptions, type WorldView } from './passes/world-pass';
export { PresentPass } from './passes/present-pass';
export { Renderer, type RendererOptions } from './passes/renderer';
export { gpuTextureAllocator } from './passes/gpu-texture-allocator';
export type { GpuFrame } from './passes/gpu-frame';
export { UiPass } from './passes/ui-pass';
export { MotionBlurPass } from './passes/motion-blur-pass';
export { UpscalePass } from './passes/upscale-pass';
export { BackgroundPass } from './passes/background-pass';
export { CrtPass } from './passes/crt-pass';
export { defaultChainSettings, BAR_FILLS, type BarFill, type ChainSettings } from './passes/chain-settings';
export {
  frameRect,
  canvasToNative,
  parsePixelAspect,
  UPSCALE_MODES,
  type FrameRect,
  type UpscaleMode,
} from './passes/frame-rect';
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
} from './gpu/track-gpu-resources';
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
export { GlWorldPass, type GlView, type GlWorldPassOptions } from './passes/gl-world-pass';
export {
  HeadsetRenderer,
  type HeadsetRendererOptions,
  type HeadsetUi,
  type HeadsetView,
} from './passes/headset-renderer';
export { GlHeadsetRenderer, type GlHeadsetRendererOptions } from './passes/gl-headset-renderer';
export { eyeNativeSize, type HeadsetResolution } from './passes/eye-native-size';
export { compileGlsl, GlslCompileError } from './gpu/compile-glsl';
export { GlRenderer, type GlRendererOptions } from './passes/gl-renderer';
export type { FrameRenderer, DeviceRecovery } from './passes/frame-renderer';
export { GlTestPattern } from './gpu/gl-test-pattern';
export { trackGlResources, type GlResourceCounts } from './gpu/track-gl-resources';
