import type { GpuResourceCounts } from '../device';

export type { GpuResourceCounts };

/** What `trackGpuResources` keeps up to date: the counts and every uncaptured (validation, out-of-memory) error. */
export interface GpuResourceTracker {
  readonly counts: GpuResourceCounts;
  readonly errors: string[];
}

type Kind = keyof GpuResourceCounts;

/**
 * Counts a device's buffers, textures, bind groups and pipelines as they are created, destroyed or collected, and
 * records uncaptured errors: the numbers behind "resources return to a steady count" and "zero validation errors".
 * Call it right after creating the device, before anything else uses it. Errors go to `errors` when given (one list
 * for a device and its replacements after losses).
 */
export function trackGpuResources(device: GPUDevice, errors: string[] = []): GpuResourceTracker {
  const counts: GpuResourceCounts = { buffers: 0, textures: 0, bindGroups: 0, pipelines: 0 };
  const alive = new WeakSet<object>();
  const collected = new FinalizationRegistry<Kind>((kind) => counts[kind]--);
  const track = <T extends object>(kind: Kind, made: T): T => {
    counts[kind]++;
    alive.add(made);
    const token = {};
    collected.register(made, kind, token);
    const destroy = (made as { destroy?: () => void }).destroy;
    if (destroy) {
      (made as { destroy: () => void }).destroy = function (this: T) {
        if (alive.delete(made)) {
          counts[kind]--;
          collected.unregister(token);
        }
        return destroy.call(this);
      };
    }
    return made;
  };
  const wrap = <K extends keyof GPUDevice>(method: K, kind: Kind) => {
    const original = (device[method] as (...args: unknown[]) => unknown).bind(device);
    (device as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      const result = original(...args);
      return result instanceof Promise
        ? result.then((made: object) => track(kind, made))
        : track(kind, result as object);
    };
  };
  wrap('createBuffer', 'buffers');
  wrap('createTexture', 'textures');
  wrap('createBindGroup', 'bindGroups');
  wrap('createRenderPipeline', 'pipelines');
  wrap('createRenderPipelineAsync', 'pipelines');
  wrap('createComputePipeline', 'pipelines');
  wrap('createComputePipelineAsync', 'pipelines');
  device.addEventListener('uncapturederror', (event) => {
    const error = (event as GPUUncapturedErrorEvent).error;
    errors.push(`${error.constructor.name}: ${error.message}`);
  });
  return { counts, errors };
}
