/** A WGSL shader the device rejected; the message quotes each offending source line so it can be fixed at once. */
export class WgslCompileError extends Error {
  constructor(
    readonly label: string,
    readonly messages: readonly GPUCompilationMessage[],
    code: string,
  ) {
    const lines = code.split('\n');
    const described = messages.map((m) => {
      const source = lines[m.lineNum - 1];
      const where = `${label}:${m.lineNum}:${m.linePos}`;
      return source === undefined ? `${where} ${m.message}` : `${where} ${m.message}\n    ${source.trim()}`;
    });
    super(`WGSL "${label}" does not compile:\n${described.join('\n')}`);
    this.name = 'WgslCompileError';
  }
}

/** Creates a shader module and waits for the compiler's verdict, so a broken shader fails here, not at draw time. */
export async function compileWgsl(device: GPUDevice, code: string, label: string): Promise<GPUShaderModule> {
  const module = device.createShaderModule({ code, label });
  const info = await module.getCompilationInfo();
  const errors = info.messages.filter((m) => m.type === 'error');
  if (errors.length > 0) throw new WgslCompileError(label, errors, code);
  return module;
}
