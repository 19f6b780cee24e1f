import type { StructLayout } from '../../layout/struct-layout';

/** Bytes a uniform block of `layout` takes: the struct size rounded up to 16, as std140 and WebGPU bindings want. */
export function uniformBlockSize(layout: StructLayout): number {
  return Math.ceil(layout.size / 16) * 16;
}

/**
 * Binds a GLSL uniform block to a binding point after checking that GL laid it out as the WGSL struct: the same size
 * (within the 16-byte padding) and every member at the same offset. A mismatch is an error naming the member, never a silently wrong draw.
 */
export function bindUniformBlock(
  gl: WebGL2RenderingContext,
  program: WebGLProgram,
  name: string,
  layout: StructLayout,
  binding: number,
): void {
  const index = gl.getUniformBlockIndex(program, name);
  if (index === gl.INVALID_INDEX) throw new Error(`The GLSL program has no uniform block ${name}.`);
  const size = gl.getActiveUniformBlockParameter(program, index, gl.UNIFORM_BLOCK_DATA_SIZE) as number;
  // Drivers may report the block's size up to its last member or rounded up: anything in between fits the buffer.
  const end = Math.max(...layout.fields.map((f) => f.offset + f.size));
  if (size < end || size > uniformBlockSize(layout))
    throw new Error(
      `GLSL block ${name} is ${size} bytes; the WGSL struct's fields end at byte ${end} (${uniformBlockSize(layout)} padded).`,
    );
  const members = [
    ...(gl.getActiveUniformBlockParameter(
      program,
      index,
      gl.UNIFORM_BLOCK_ACTIVE_UNIFORM_INDICES,
    ) as Uint32Array),
  ];
  const offsets = gl.getActiveUniforms(program, members, gl.UNIFORM_OFFSET) as number[];
  const strides = gl.getActiveUniforms(program, members, gl.UNIFORM_ARRAY_STRIDE) as number[];
  members.forEach((member, i) => {
    // An array is reported as its first element ("joints[0]"), with its stride.
    const field = gl
      .getActiveUniform(program, member)!
      .name.replace(`${name}.`, '')
      .replace(/\[0\]$/, '');
    const wgsl = layout.fields.find((f) => f.name === field);
    if (!wgsl || wgsl.offset !== offsets[i])
      throw new Error(
        `GLSL block ${name}.${field} is at byte ${offsets[i]}; the WGSL struct has it at ${wgsl?.offset ?? 'no such field'}.`,
      );
    if ((strides[i] ?? 0) !== (wgsl.stride ?? 0))
      throw new Error(
        `GLSL block ${name}.${field} has an array stride of ${strides[i]} bytes; the WGSL struct's is ${wgsl.stride ?? 0}.`,
      );
  });
  gl.uniformBlockBinding(program, index, binding);
}
