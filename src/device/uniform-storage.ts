import type { UniformStorage } from '../layout/uniform-arena';
import type { Device, DeviceBuffer } from './device';

/** A uniform arena's storage on the device layer: uniform buffers whose bytes come back after a loss. */
export function deviceUniformStorage(device: Device): UniformStorage<DeviceBuffer> {
  return {
    alignment: device.limits.uniformOffsetAlignment,
    maxBindingSize: device.limits.maxUniformBindingSize,
    create: (label, size, restore) => device.createBuffer({ label, size, usage: 'uniform', restore }),
  };
}
