import type { UniformStorage } from '../layout/uniform-arena';
import type { Device, DeviceBuffer } from './device';

/**
 * An arena's storage as storage buffers, read by instanced draws (`array<Slot>`, a slot `@size(slotSize)`): slots 16
 * bytes apart at least, where uniform slots are 256 apart.
 */
export function deviceStorageArena(device: Device): UniformStorage<DeviceBuffer> {
  return {
    alignment: 16,
    maxBindingSize: device.limits.maxStorageBindingSize,
    create: (label, size, restore) => device.createBuffer({ label, size, usage: 'storage', restore }),
  };
}

/** A uniform arena's storage on the device layer: uniform buffers whose bytes come back after a loss. */
export function deviceUniformStorage(device: Device): UniformStorage<DeviceBuffer> {
  return {
    alignment: device.limits.uniformOffsetAlignment,
    maxBindingSize: device.limits.maxUniformBindingSize,
    create: (label, size, restore) => device.createBuffer({ label, size, usage: 'uniform', restore }),
  };
}
