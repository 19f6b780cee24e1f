import { structLayouts, type StructLayout } from '../layout/struct-layout';
import { wgslBindings, type WgslBinding } from '../layout/wgsl-bindings';
import type { BindingSlot, PipelineDesc } from './device';

const reflected = new Map<string, { bindings: WgslBinding[]; layouts: Map<string, StructLayout> }>();

/**
 * The bindings of `desc`'s groups, read from its WGSL (once per source): the one description both backends make their
 * bind group layouts (WebGPU) and their block and sampler numbering (WebGL2) from. A dynamic variable that is not a
 * uniform of the used groups is an error naming it.
 */
export function pipelineBindings(desc: PipelineDesc): BindingSlot[] {
  const code = desc.shader.wgsl;
  let module = reflected.get(code);
  if (!module) {
    module = { bindings: wgslBindings(code), layouts: structLayouts(code, 'uniform') };
    reflected.set(code, module);
  }
  const groups = desc.groups ?? Math.max(-1, ...module.bindings.map((b) => b.group)) + 1;
  const dynamic = new Set(desc.dynamic ?? []);
  const slots = module.bindings
    .filter((b) => b.group < groups)
    .map((b): BindingSlot => {
      const layout = b.kind === 'uniform' ? (module.layouts.get(b.type) ?? null) : null;
      if (b.kind === 'uniform' && !layout)
        throw new Error(
          `${desc.shader.label}: var<uniform> ${b.name} has type ${b.type}, which is not a struct.`,
        );
      if (b.kind === 'uniform') dynamic.delete(b.name);
      return {
        ...b,
        layout,
        structs: module.layouts,
        size: layout ? Math.ceil(layout.size / 16) * 16 : 0,
        dynamic: b.kind === 'uniform' && (desc.dynamic ?? []).includes(b.name),
        data: b.kind === 'texture' && (desc.dataTextures ?? []).includes(b.name),
      };
    });
  if (dynamic.size > 0)
    throw new Error(
      `${desc.shader.label}: dynamic binding(s) ${[...dynamic].join(', ')} are not uniforms of the pipeline's ` +
        `${groups} group(s).`,
    );
  return slots;
}
