/** Why the GPU could not be acquired or configured; `reason` lets a page pick its message, `message` says what to do. */
export class GpuInitError extends Error {
  constructor(
    readonly reason:
      | 'no-webgpu'
      | 'no-adapter'
      | 'adapter-failed'
      | 'device-failed'
      | 'timeout'
      | 'unsupported'
      | 'device-lost'
      | 'canvas',
    message: string,
  ) {
    super(message);
    this.name = 'GpuInitError';
  }
}
