/// <reference types="@webgpu/types" preserve="true" />
/// <reference types="webxr" preserve="true" />
// `armature`: what an app imports. Everything public is exported here or from `armature/debug` (src/debug.ts), and
// nothing else is public. Sections: the app shell; scene; rendering; time; XR; the device layer; layout tools and the
// render graph (for custom passes and uniforms).

// The app shell: run a renderer on a page.
export { run, type Running, type RunOptions } from './app/run';
export { fitCanvas } from './app/fit-canvas';
export { showFailure } from './render/renderers/show-failure';
export { enterXr, xrState, type XrOptions, type XrState } from './app/enter-xr';

// Scene: nodes, cameras, meshes, geometry, materials, the UI layer's nodes.
export { Node } from './scene/node';
export { pickRay, rayFromCamera, type PickHit, type Ray } from './scene/pick-ray';
export type { EulerOrder } from './math/rotation';
export { seededRandom } from './math/seeded-random';
export { Camera, type Projection } from './scene/camera';
export { Mesh, type MeshSnap } from './scene/mesh';
export { snapToGrid, type TexelGrid } from './scene/snap-to-grid';
export { StepHistory } from './scene/step-history';
export { Material, type MaterialKind, type MaterialOptions } from './scene/material';
export { Texture, type TextureFilter, type TextureOptions, type TextureWrap } from './scene/texture';
export { fetchBlob, loadImage, loadTexture, type ImageSource } from './assets/load-texture';
export { loadPalette } from './assets/load-palette';
export { Sprite, type SpriteOptions, type SpritePivot } from './scene/sprite';
export {
  SpriteSheet,
  type SpriteFrame,
  type SpriteSheetData,
  type SpriteSlice,
  type SpriteTag,
  type TagDirection,
} from './scene/sprite-sheet';
export { SpriteAnimation } from './scene/sprite-animation';
export { loadSpriteSheet } from './assets/load-sprite-sheet';
export { loadGltf, type GltfOptions, type GltfScene } from './assets/load-gltf';
export { parseAseprite, type AsepriteSheet } from './assets/parse-aseprite';
export {
  boxGeometry,
  cylinderGeometry,
  planeGeometry,
  quadGeometry,
  sphereGeometry,
  VERTEX_FLOATS,
  type Geometry,
} from './scene/geometry';
export {
  UiElement,
  UiRect,
  UiSprite,
  UiText,
  type UiSpriteOptions,
  type UiTextOptions,
} from './ui/ui-element';
export { UiAtlas, type AtlasFrame, type SpriteArt, type UiAtlasOptions } from './ui/ui-atlas';
export type { Action, InputEvent } from './input/input-event';
export { ActionMapper } from './input/action-mapper';
export { PadPoller, type PadState } from './input/pad-poller';
export { InputQueue, type InputQueueOptions } from './input/input-queue';
export { TextEditor, type TextEditorOptions } from './ui/text-editor';
export { UiControl, type ControlKind, type UiControlOptions } from './ui/ui-control';
export { UiBox, type ScreenRect } from './ui/ui-box';
export {
  UiKernel,
  SCROLL_STEP,
  type CursorShape,
  type UiCapture,
  type UiEvent,
  type UiEventType,
} from './ui/ui-kernel';
export { UiView, DEFAULT_UI_THEME, type UiTheme, type UiViewOptions } from './ui/ui-view';
export { UiCursor, CURSOR_SHAPES, CURSOR_SPRITES, type CursorShapeArt } from './ui/ui-cursor';
export { BitmapFont, type BitmapFontData, type BitmapGlyph, type FontPage } from './ui/bitmap-font';
export { layoutText, type PlacedGlyph, type TextLayout } from './ui/text-layout';
export { loadBitmapFont } from './assets/load-bitmap-font';
export { parseBmFont, type BmFontFile } from './assets/parse-bmfont';
export { PIXEL_FONT } from './ui/pixel-font';
export { WorldText, type WorldTextOptions } from './ui/world-text';
export { SceneError } from './scene/scene-error';
export { updateWorldMatrices, type UpdateOptions } from './scene/update-world-matrices';
export { validateWorldMatrices } from './scene/validate-world-matrices';
export { findShearedNodes, type ShearReport } from './scene/find-sheared-nodes';

// Rendering: the renderer, its chain settings and passes, material kinds, effects, the headset renderer.
export { Renderer, type RendererOptions } from './render/renderers/renderer';
export { Environment, type EnvironmentOptions, type ColorLike } from './render/world/environment';
export {
  CHAIN,
  OFF_BY_DEFAULT,
  PIXEL_STABLE_PAD,
  type ChainSettings,
  type ChainSettingsInput,
} from './render/passes/chain';
export {
  definePass,
  type ChainFrame,
  type PassDescriptor,
  type PassKit,
  type PassRead,
  type PassRunner,
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
  type SettingControl,
  type SettingSpec,
  type SettingsSpec,
} from './render/passes/pass-setting';
export { BAR_FILLS, type BarFill, type BackgroundSettings } from './render/passes/background-pass';
export { DITHER_MODES, type DitherMode, type PaletteSettings } from './render/passes/palette-pass';
export { Palette, PALETTE_NAMES, PALETTE_LUT_LEVELS, type PaletteName, type Rgb8 } from './scene/palette';
export { pixelSnap, type PixelSnap } from './scene/pixel-snap';
export { bayerPattern, ditherThreshold, type DitherPattern } from './math/dither-pattern';
export {
  frameRect,
  canvasToNative,
  parsePixelAspect,
  UPSCALE_MODES,
  type FrameRect,
  type UpscaleMode,
} from './render/passes/frame-rect';
export {
  registerMaterialKind,
  materialKind,
  type MaterialKindSpec,
  type MaterialKindInfo,
} from './render/materials/material-kind';
export { effectPass, ShaderEffect, type EffectOptions } from './render/passes/shader-effect';
export {
  WorldPass,
  type WorldMesh,
  type WorldPassOptions,
  type WorldView,
  type Viewport,
} from './render/world/world-pass';
export { UiPass, type UiPlacement, type UiWhere } from './render/passes/ui-pass';
export { PresentPass } from './render/passes/present-pass';
export { FullscreenProgram, type FragmentPair } from './render/passes/fullscreen-program';
export type { FrameContext } from './render/frame-context';
export {
  HeadsetRenderer,
  type HeadsetRendererOptions,
  type HeadsetUi,
  type HeadsetView,
} from './render/renderers/headset-renderer';
export { eyeNativeSize, type HeadsetResolution } from './render/renderers/eye-native-size';

// Time: the clock, the frame loop, the budget.
export { FrameClock, type Clock, type ClockSample } from './time/frame-clock';
export { FixedClock } from './time/fixed-clock';
export { FixedStep, type FixedStepReport } from './time/fixed-step';
export { Timeline, EASINGS, type Easing, type Scheduled, type TweenOptions } from './time/timeline';
export { tweenPosition, tweenRotation, tweenScale, tweenColor } from './scene/node-tweens';
export {
  FrameLoop,
  type FrameStep,
  type FixedStepFn,
  type FrameCounters,
  type FrameLoopOptions,
  type SessionFrames,
  type WindowFrames,
} from './time/frame-loop';
export { FrameBudget, type BudgetSnapshot, type Distribution, type FrameRecord } from './time/frame-budget';
export { HEADSET_90HZ_MS, DESKTOP_60HZ_MS } from './time/frame-ceilings';
export { ReadoutThrottle } from './time/readout-throttle';

// XR: what the browser offers, and the two kinds of headset layer.
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

// The device layer: the backend-neutral GPU interface every feature is written against, and its two backends.
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
  SamplerWrap,
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
export { requestGpu, type GpuContext, type GpuRequest } from './device/webgpu/request-gpu';
export { configureCanvas, type CanvasOptions, type ConfiguredCanvas } from './device/webgpu/configure-canvas';
export { GpuInitError } from './device/webgpu/gpu-init-error';
export { compileWgsl, WgslCompileError } from './device/webgpu/compile-wgsl';
export { compileGlsl, GlslCompileError } from './device/webgl2/compile-glsl';
export { GpuTimer, type GpuTimes } from './device/webgpu/gpu-timer';
export { deviceUniformStorage } from './device/uniform-storage';

// Layout tools and the render graph: WGSL structs laid out by the WGSL rules, writers, the uniform arena, and the
// graph that custom passes join.
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
