import type { UiHandle } from './ui-handle';
import type { CompiledPassInfo } from '../graph/render-graph';
import type { BudgetSnapshot } from '../time/frame-budget';
import type { GpuResourceCounts } from '../device/webgpu/track-gpu-resources';
import type { GlResourceCounts } from '../device/webgl2/track-gl-resources';
import type { DeviceRecovery } from '../device/device';
import type { XrState } from '../app/enter-xr';

/** The page-level handle every demo publishes as `window.__armature`, read by tests and the debug panel. */
export interface ArmatureHandle {
  /** The backend drawing this page, or null before one is chosen (or when none could be). */
  backend: 'webgpu' | 'webgl2' | null;
  /** Why the page draws with WebGL2 though it did not ask for it (`renderer.fallbackReason`), else null. */
  fallbackReason: string | null;
  /** Frames presented so far. */
  frame: number;
  /** True once the first frame has been presented. */
  ready: boolean;
  /** Why the page could not start, when it could not. */
  error: string | null;
  /** The frame budget's latest snapshot (refreshed a few times a second), or null before the first. */
  stats: BudgetSnapshot | null;
  /**
   * GPU milliseconds of each pass of a recent frame (timestamp queries, a frame or two behind; refreshed with `stats`),
   * or null where the device has none (WebGL2) or before the first reading.
   */
  gpuPasses: Record<string, number> | null;
  /** The compiled render graph: passes in chain order with their inputs, outputs and sizes. */
  graph: CompiledPassInfo[] | null;
  /** Live GPU object counts (see trackGpuResources), once the device exists. */
  gpuResources: GpuResourceCounts | GlResourceCounts | null;
  /** Uncaptured WebGPU errors (validation, out of memory) seen on the page's device (and its replacements). */
  errors: string[];
  /** The scene clock as of the last frame (seconds): where it is, its last and largest step, jumps it capped. */
  clock: ClockReadout | null;
  /** The headset state on pages that offer XR (the xr demo), null elsewhere. */
  xr: XrHandle | null;
  /** The UI kernel's state on pages that have one (the ui-kernel demo), null elsewhere. */
  ui: UiHandle | null;
  /** Device losses the page came back from, with the measured rebuild time of each. */
  recoveries: DeviceRecovery[];
  /**
   * The world pass's counts of the last frame: meshes drawn, its draw calls (batches), meshes culled (outside the
   * view), slots packed.
   */
  world: WorldReadout | null;
  /**
   * Destroys the current device as a real loss would; resolves once the engine has recovered and presented a frame
   * again (under a fixed clock: the held frame, replayed). Null on pages without a renderer.
   */
  simulateDeviceLoss: (() => Promise<void>) | null;
}

/**
 * What `ArmatureHandle.xr` holds: the headset state `enterXr` keeps, and on a page that emulates a headset
 * (`?xr=emulate`) the emulated device itself (IWER's `XRDevice`: tests move its controllers and press their buttons).
 */
export type XrHandle = XrState & { device?: unknown };

/** What `ArmatureHandle.world` holds. */
export interface WorldReadout {
  /** Meshes drawn (instances). */
  drawn: number;
  /** The world pass's draw calls: one per instanced batch. */
  batches: number;
  culled: number;
  packed: number;
}

/** What `ArmatureHandle.clock` holds. */
export interface ClockReadout {
  elapsed: number;
  delta: number;
  /** The largest delta since the page started: never above the clock's cap, however long the tab was hidden. */
  maxDelta: number;
  /** Intervals over the cap that were replaced by it (hidden tab, paused debugger, long stall). */
  jumps: number;
}

declare global {
  interface Window {
    __armature?: ArmatureHandle;
  }
}

/** Creates the page's handle and publishes it on `window.__armature` (replacing any earlier one). */
export function installArmatureHandle(): ArmatureHandle {
  const handle: ArmatureHandle = {
    backend: null,
    fallbackReason: null,
    frame: 0,
    ready: false,
    error: null,
    stats: null,
    gpuPasses: null,
    graph: null,
    gpuResources: null,
    errors: [],
    clock: null,
    xr: null,
    ui: null,
    recoveries: [],
    world: null,
    simulateDeviceLoss: null,
  };
  window.__armature = handle;
  return handle;
}
