/// <reference types="webxr" preserve="true" />
/**
 * `armature-engine/advanced`: what extends the engine rather than uses it. Passes of your own (descriptors, settings,
 * the full-screen program), the chain's pass descriptors, the device layer and its two backends, WGSL struct layouts
 * and the uniform arena, the render graph, the world and headset renderers' parts, the scene's lower-level tools, and
 * the XR layers. `armature-engine` is enough for an app; reach here for a custom pass, material kind or tool.
 *
 * @module armature-engine/advanced
 */

// Passes of your own, and the chain's.
export {
  OFF_BY_DEFAULT,
  PIXEL_STABLE_PAD,
  chainOrder,
  chainSettings,
  type ChainOptions,
  type SettingsInput,
  type ChainPass,
  type ChainStage,
} from './render/passes/chain';
export {
  definePass,
  type ChainFrame,
  type PassDescriptor,
  type PassKit,
  type PassRead,
  type PassRunner,
  type PassScope,
  type PassSize,
  type PassWrite,
} from './render/passes/pass-descriptor';
export {
  Setting,
  numberSetting,
  choiceSetting,
  flagSetting,
  vectorSetting,
  valueSetting,
  settingLeaves,
  type SettingControl,
  type SettingLeaf,
  type SettingSpec,
  type SettingsSpec,
} from './render/passes/pass-setting';
export { passTable } from './render/passes/pass-table';
export { effectPass } from './render/passes/shader-effect';
export { FullscreenProgram, type FragmentPair } from './render/passes/fullscreen-program';
export type { FrameContext } from './render/frame-context';
export { outlinePass, type OutlineSettings } from './render/passes/outline-pass';
export { uiPass, UiPass, type UiPlacement, type UiWhere } from './render/passes/ui-pass';
export { motionBlurPass, blurFactor, type MotionBlurSettings } from './render/passes/motion-blur-pass';
export { bloomPass, type BloomSettings } from './render/passes/bloom-pass';
export { gradePass, type GradeSettings } from './render/passes/grade-pass';
export { vignettePass, type VignetteSettings } from './render/passes/vignette-pass';
export { palettePass, type PaletteSettings } from './render/passes/palette-pass';
export { upscalePass, type UpscaleSettings } from './render/passes/upscale-pass';
export { backgroundPass, type BackgroundSettings } from './render/passes/background-pass';
export { crtPass, type CrtSettings } from './render/passes/crt-pass';
export { PresentPass } from './render/passes/present-pass';
export { frameRect, parsePixelAspect, type FrameRect } from './render/passes/frame-rect';

// Materials, the world and shadow passes; the headset renderer.
export { materialKind, type MaterialKindInfo } from './render/materials/material-kind';
export {
  WorldPass,
  type WorldMesh,
  type WorldPassOptions,
  type WorldView,
  type Viewport,
  type ShadowFrame,
  type PointShadowFrame,
} from './render/world/world-pass';
export { pointShadowFaces, pointShadowViews, type PointShadowFaces } from './render/world/point-shadow';
export { ShadowPass, shadowPass, type ShadowSettings } from './render/passes/shadow-pass';
export {
  HeadsetRenderer,
  type HeadsetLook,
  type HeadsetRendererOptions,
  type HeadsetUi,
  type HeadsetView,
} from './render/renderers/headset-renderer';
export { eyeNativeSize } from './render/renderers/eye-native-size';

// The scene's lower-level tools.
export { updateWorldMatrices, type UpdateOptions } from './scene/update-world-matrices';
export { validateWorldMatrices } from './scene/validate-world-matrices';
export { findShearedNodes, type ShearReport } from './scene/find-sheared-nodes';
export { pickRay, rayFromCamera } from './scene/pick-ray';
export { panelPixelAt, type PanelHit } from './ui/panel-pixel';
export type { TabStop } from './ui/tab-order';
export { XrInputs, XR_PAD_INDEX, type XrHand, type XrInputEvent } from './xr/xr-inputs';
export { PadPoller, type PadState } from './input/pad-poller';
export { XrPointers, type XrHit, type XrPanelTarget, type XrPointer } from './xr/xr-pointers';
export { pixelSnap, type PixelSnap } from './scene/pixel-snap';
export { snapToGrid, type TexelGrid } from './scene/snap-to-grid';
export { VERTEX_FLOATS, type MorphTarget } from './scene/geometry';
export { mergeMeshes } from './scene/merge-meshes';
export type { AnimationChannel, AnimationPath, Interpolation } from './scene/animation-clip';
export {
  lightFalloff,
  type LightColor,
  type LightOptions,
  type PointLightOptions,
  type SpotLightOptions,
} from './scene/light';
export type { Box } from './scene/world-box';
export { PALETTE_LUT_LEVELS, type Rgb8 } from './scene/palette';
export { bayerPattern, ditherThreshold, type DitherPattern } from './math/dither-pattern';
export {
  type SpriteFrame,
  type SpriteSheetData,
  type SpriteSlice,
  type SpriteTag,
  type TagDirection,
} from './scene/sprite-sheet';
export { fetchBlob } from './assets/load-texture';
export { parseAseprite, type AsepriteSheet } from './assets/parse-aseprite';
export { parseBmFont, type BmFontFile } from './assets/parse-bmfont';
export { type BitmapFontData, type BitmapGlyph, type FontPage } from './ui/bitmap-font';
export { layoutText, type PlacedGlyph, type TextLayout } from './ui/text-layout';
export { TextEditor, type TextEditorOptions } from './ui/text-editor';
export { UiKeyPanel, type UiKeyPanelOptions } from './ui/ui-key-panel';
export { type ScreenRect } from './ui/ui-box';
export { SCROLL_STEP, type UiCapture } from './ui/ui-kernel';
export { CURSOR_SHAPES, type CursorShapeArt } from './ui/ui-cursor';
export { type AtlasFrame } from './ui/ui-atlas';
export { type Distribution, type FrameRecord } from './time/frame-budget';
export { type SessionFrames, type WindowFrames } from './time/frame-loop';

// XR: detection's parts and the two kinds of headset layer.
export { sessionUsesWebGpu, browserXrEnvironment, type XrEnvironment } from './xr/xr-support';
export { openXrLayer, type XrLayer, type XrView, type XrViewPixels } from './xr/xr-layer';
export {
  XrGpuLayer,
  type XrGpuView,
  type GpuBindingLike,
  type GpuSubImageLike,
  type GpuBindingConstructor,
} from './xr/xr-gpu-layer';
export { XrGlLayer, type XrGlView } from './xr/xr-gl-layer';

// The device layer: the backend-neutral GPU interface every feature is written against, and its two backends.
export type {
  Bindings,
  BindingResource,
  BindingSlot,
  BufferDesc,
  BufferUsage,
  Bundle,
  ComputeDesc,
  ComputePipeline,
  Device,
  DeviceBuffer,
  DeviceEvents,
  DeviceLimits,
  DeviceRecovery,
  DeviceTexture,
  DrawEncoder,
  ExternalTarget,
  GpuObjectCounts,
  GpuTimes,
  Mipmaps,
  PassDesc,
  PassEncoder,
  Pipeline,
  PipelineDesc,
  RenderTarget,
  ResourceTracker,
  Sampler,
  SamplerFilter,
  SamplerWrap,
  WrapMode,
  ShaderPair,
  TextureDesc,
  TextureFormat,
  VertexBufferLayout,
  VertexFormat,
} from './device/device';
export { createDevice, type DeviceChoice, type DeviceOptions } from './device/create-device';
export { WebGpuDevice, type WebGpuDeviceOptions } from './device/webgpu/webgpu-device';
export type { GpuExternalTarget } from './device/webgpu/webgpu-resources';
export { WebGl2Device, type WebGl2DeviceOptions } from './device/webgl2/webgl2-device';
export type { GlExternalTarget } from './device/webgl2/webgl2-resources';
export { requestGpu, type GpuContext } from './device/webgpu/request-gpu';
export { configureCanvas, type CanvasOptions, type ConfiguredCanvas } from './device/webgpu/configure-canvas';
export { GpuInitError } from './device/webgpu/gpu-init-error';
export { compileWgsl, WgslCompileError } from './device/webgpu/compile-wgsl';
export { compileGlsl, GlslCompileError } from './device/webgl2/compile-glsl';
export { GpuTimer } from './device/webgpu/gpu-timer';
export { deviceUniformStorage } from './device/uniform-storage';

// Layouts by the WGSL rules and the uniform arena; the render graph.
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
