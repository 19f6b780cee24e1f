import type {
  DeviceEvents,
  DeviceRecovery,
  GpuObjectCounts,
  SamplerFilter,
  SamplerWrap,
  WrapMode,
} from './device';

/** A GPU object of a device: made again for each new underlying device or context (see `DeviceCore.generation`). */
export interface Restorable {
  /** Makes the GPU object now (again), for the device's current generation. */
  realize(): void;
  /** The same without stalling, where the backend compiles in the background (pipelines). */
  realizeAsync?(): Promise<void>;
  /** Frees the GPU object; the handle is dead. */
  dispose(): void;
  /** Which of the device's object counts it is one of, if any. */
  readonly counted?: 'buffers' | 'textures' | 'pipelines';
}

/**
 * What both devices share about losses: the live objects to make again, the generation they are made for, the
 * recoveries, and the events. A handle compares its generation with the device's before use, so after a loss every
 * object is made again from what the handle keeps, and nothing above the device layer is rebuilt or copied.
 */
export abstract class DeviceCore {
  /** Counts the underlying devices (or restored contexts): 0 for the first. */
  generation = 0;
  /** Set from the loss being reported to the end of its recovery. */
  protected lossReported = false;
  failure: Error | null = null;
  readonly recoveries: DeviceRecovery[] = [];
  protected recovering: Promise<void> = Promise.resolve();
  protected destroyed = false;
  protected readonly live = new Set<Restorable>();
  /** See `Device.objects`: kept as objects are tracked and untracked, bindings made and let go of, samplers kept. */
  readonly objects: GpuObjectCounts = { buffers: 0, textures: 0, bindGroups: 0, pipelines: 0, samplers: 0 };
  private readonly listeners = new Map<keyof DeviceEvents, Set<(value: never) => void>>();

  on<K extends keyof DeviceEvents>(event: K, listener: (value: DeviceEvents[K]) => void): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  protected emit<K extends keyof DeviceEvents>(event: K, value: DeviceEvents[K]): void {
    for (const listener of this.listeners.get(event) ?? [])
      (listener as (value: DeviceEvents[K]) => void)(value);
  }

  /** True between a loss and the end of its recovery. */
  get lost(): boolean {
    return this.lossReported;
  }

  /** Resolves once any recovery in progress has finished (at once when the device is fine). */
  get recovered(): Promise<void> {
    return this.recovering;
  }

  track(object: Restorable): void {
    if (this.live.has(object)) return;
    this.live.add(object);
    if (object.counted) this.objects[object.counted]++;
  }

  untrack(object: Restorable): void {
    if (this.live.delete(object) && object.counted) this.objects[object.counted]--;
  }

  /** Makes every live object again for the current generation: pipelines first (in parallel), then the rest. */
  protected async realizeAll(): Promise<void> {
    const objects = [...this.live];
    await Promise.all(objects.map((o) => o.realizeAsync?.()));
    for (const object of objects) if (!object.realizeAsync) object.realize();
  }

  /** Frees every live object (newest last, so bindings go before what they bind). */
  protected disposeAll(): void {
    for (const object of [...this.live].reverse()) object.dispose();
    this.live.clear();
    for (const kind of Object.keys(this.objects) as (keyof GpuObjectCounts)[]) this.objects[kind] = 0;
  }

  protected recordRecovery(reason: string, message: string, started: number, attempts: number): void {
    const recovery = { reason, message, ms: performance.now() - started, attempts };
    this.recoveries.push(recovery);
    this.emit('restored', recovery);
  }
}

/** The buffer `data`'s bytes are in (no tuple: a write each frame must not allocate). */
export function bufferOf(data: ArrayBuffer | ArrayBufferView): ArrayBuffer {
  return ArrayBuffer.isView(data) ? (data.buffer as ArrayBuffer) : data;
}

/** Where `data`'s bytes start in `bufferOf(data)`. */
export function byteStartOf(data: ArrayBuffer | ArrayBufferView): number {
  return ArrayBuffer.isView(data) ? data.byteOffset : 0;
}

/** A sampler's settings as a small number, the key devices keep samplers by (a string key would be garbage per call). */
export function samplerKey(filter: SamplerFilter, wrap: SamplerWrap, mipmapped: boolean): number {
  // A number from a table made once: samplers are looked up every frame, and a string key would be garbage.
  return (filter === 'linear' ? 1 : 0) | (WRAP_CODES.get(wrap)! << 1) | (mipmapped ? 64 : 0);
}

const MODES: readonly WrapMode[] = ['clamp', 'repeat', 'mirror'];
/** Each wrap's two axes as a number, u + 3·v (one mode stands for both axes). */
const WRAP_CODES = new Map<SamplerWrap, number>(
  MODES.flatMap((u, i) => [
    [u, i * 4] as const,
    ...MODES.map((v, j) => [`${u} ${v}` as SamplerWrap, i + 3 * j] as const),
  ]),
);

/** A wrap's mode along u and along v. */
export function wrapAxes(wrap: SamplerWrap): [WrapMode, WrapMode] {
  const [u, v] = wrap.split(' ') as [WrapMode, WrapMode?];
  return [u, v ?? u];
}
