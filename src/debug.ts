/// <reference types="webxr" preserve="true" />
/**
 * `armature-engine/debug`: tools for looking inside a running page. The debug panel (Tweakpane, loaded only through
 * this entry), the `window.__armature` page handle, the chain's URL state, GPU and GL object trackers, readback
 * helpers and the test pattern. An app that never imports this entry never loads any of it.
 *
 * @module armature-engine/debug
 */
export { DebugPanel, type DebugPanelOptions } from './debug/debug-panel';
export {
  installArmatureHandle,
  type ArmatureHandle,
  type ClockReadout,
  type WorldReadout,
  type XrHandle,
} from './debug/armature-handle';
export { uiHandle, type UiHandle } from './debug/ui-handle';
export {
  readChainUrl,
  writeChainUrl,
  applyChainState,
  chainPassEnabled,
  urlSettings,
  CHAIN_PASSES,
  type ChainTarget,
  type ChainUrlState,
  type PageDefaults,
  type UrlSetting,
} from './debug/chain-url';
export {
  trackGpuResources,
  type GpuResourceCounts,
  type GpuResourceTracker,
} from './device/webgpu/track-gpu-resources';
export { trackGlResources, type GlResourceCounts } from './device/webgl2/track-gl-resources';
export { readTexture, pixelAt } from './device/webgpu/read-texture';
export { TestPattern, TEST_PATTERN } from './debug/test-pattern';
