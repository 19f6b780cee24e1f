/// <reference types="webxr" preserve="true" />
/**
 * `armature-engine`: what an app imports to make a pixel-art scene and run it: the app shell, the scene, art loaders,
 * the UI, input, game time, the renderer and its chain's settings, and XR. What custom passes, materials and tools
 * need (the device layer, layouts, the render graph, the passes themselves) is `armature-engine/advanced`; page tools
 * (the debug panel, the page handle, object trackers) are `armature-engine/debug`.
 *
 * @module armature-engine
 */

// The app shell: run a renderer on a page, show a failure, enter a headset.
export { run, type Running, type RunOptions } from './app/run';
export { fitCanvas } from './app/fit-canvas';
export { showFailure } from './render/renderers/show-failure';
export { enterXr, xrState, type XrOptions, type XrState } from './app/enter-xr';
export type { HeadsetResolution } from './render/renderers/eye-native-size';
export { detectXrSupport, type XrMode, type XrSupport } from './xr/xr-support';

// The scene: nodes, cameras, lights, meshes, geometry, materials, textures, sprites.
export { Node } from './scene/node';
export { SceneError } from './scene/scene-error';
export type { EulerOrder } from './math/rotation';
export { seededRandom } from './math/seeded-random';
export { Camera, type Projection } from './scene/camera';
export { AnimationClip } from './scene/animation-clip';
export {
  AnimationAction,
  AnimationMixer,
  type AnimationEvent,
  type AnimationLoop,
  type AnimationMixerOptions,
} from './scene/animation-mixer';
export { Mesh, type MeshSnap } from './scene/mesh';
export { Skin } from './scene/skin';
export { Material, type MaterialKind, type MaterialOptions } from './scene/material';
export {
  Texture,
  type TextureFilter,
  type TextureOptions,
  type TextureWrap,
  type TextureWrapMode,
} from './scene/texture';
export {
  boxGeometry,
  cylinderGeometry,
  planeGeometry,
  quadGeometry,
  sphereGeometry,
  disposeGeometry,
  type Geometry,
} from './scene/geometry';
export { Light, DirectionalLight, PointLight, SpotLight } from './scene/light';
export { Sprite, type SpriteOptions, type SpritePivot } from './scene/sprite';
export { SpriteSheet } from './scene/sprite-sheet';
export { SpriteAnimation } from './scene/sprite-animation';
export { StepHistory } from './scene/step-history';
export type { PickHit, Ray } from './scene/pick-ray';
export { Palette, PALETTE_NAMES, type PaletteName } from './scene/palette';

// Art from files: images, palettes, sprite sheets, glTF, bitmap fonts.
export { loadImage, loadTexture, type ImageSource } from './assets/load-texture';
export { loadPalette } from './assets/load-palette';
export { loadSpriteSheet, type SpriteSheetOptions } from './assets/load-sprite-sheet';
export { loadGltf, type GltfOptions, type GltfScene } from './assets/load-gltf';
export { loadBitmapFont } from './assets/load-bitmap-font';

// The UI: pixel-art nodes over the world, the atlas and fonts, the kernel's boxes and controls, text in the world.
export {
  UiElement,
  UiRect,
  UiSprite,
  UiText,
  type UiSpriteOptions,
  type UiTextOptions,
} from './ui/ui-element';
export { UiAtlas, type SpriteArt, type UiAtlasOptions } from './ui/ui-atlas';
export { BitmapFont } from './ui/bitmap-font';
export { PIXEL_FONT } from './ui/pixel-font';
export { UiKernel, type CursorShape, type UiEvent, type UiEventType } from './ui/ui-kernel';
export { UiBox } from './ui/ui-box';
export { UiControl, type ControlKind, type UiControlOptions } from './ui/ui-control';
export { UiView, DEFAULT_UI_THEME, type Rgba, type UiTheme, type UiViewOptions } from './ui/ui-view';
export { UiCursor, CURSOR_SPRITES } from './ui/ui-cursor';
export { WorldText, type WorldTextOptions } from './ui/world-text';

// Input: events queued and applied at frame start, actions from keys, pointer, wheel and pads.
export type { Action, InputEvent } from './input/input-event';
export { InputQueue, type InputQueueOptions } from './input/input-queue';
export { ActionMapper } from './input/action-mapper';
export { HeldActions } from './input/held-actions';

// Game time: clocks, the frame loop and fixed steps, the timeline and tweens, the budget.
export { FrameClock, type Clock, type ClockSample } from './time/frame-clock';
export { FixedClock } from './time/fixed-clock';
export { FixedStep, type FixedStepReport } from './time/fixed-step';
export {
  FrameLoop,
  type FixedStepFn,
  type FrameCounters,
  type FrameLoopOptions,
  type FrameStep,
} from './time/frame-loop';
export { Timeline, EASINGS, type Easing, type Scheduled, type TweenOptions } from './time/timeline';
export { tweenPosition, tweenRotation, tweenScale, tweenColor } from './scene/node-tweens';
export { FrameBudget, type BudgetSnapshot } from './time/frame-budget';
export { HEADSET_90HZ_MS, DESKTOP_60HZ_MS, type FrameTarget } from './time/frame-ceilings';
export { ReadoutThrottle } from './time/readout-throttle';

// Drawing: the renderer, the light, the chain's settings, material kinds and effects of the app's own.
export { Renderer, type RendererOptions } from './render/renderers/renderer';
export type { BackendChoice } from './device/create-device';
export type { BackendName } from './device/device';
export type { GpuRequest } from './device/webgpu/request-gpu';
export { Environment, type EnvironmentOptions, type ColorLike } from './render/world/environment';
export { CHAIN, type ChainSettings, type ChainSettingsInput } from './render/passes/chain';
export { UPSCALE_MODES, type UpscaleMode } from './render/passes/frame-rect';
export { BAR_FILLS, type BarFill } from './render/passes/background-pass';
export { DITHER_MODES, type DitherMode } from './render/passes/palette-pass';
export { registerMaterialKind, type MaterialKindSpec } from './render/materials/material-kind';
export { type EffectOptions, type ShaderEffect } from './render/passes/shader-effect';
