import { structLayouts, type StructLayout } from '../layout/struct-layout';
import { wgslBindings, type WgslBinding } from '../layout/wgsl-bindings';
import type { BindingSlot, ComputeDesc, PipelineDesc } from './device';

const reflected = new Map<string, { bindings: WgslBinding[]; layouts: Map<string, StructLayout> }>();

/**
 * The bindings of `desc`'s groups, read from its WGSL (once per source): the one description both backends make their
 * bind group layouts (WebGPU) and their block and sampler numbering (WebGL2) from. A dynamic variable that is not a
 * uniform of the used groups is an error naming it.
 */
export function pipelineBindings(desc: PipelineDesc): BindingSlot[] {
  return bindingSlots(desc.shader.label, desc.shader.wgsl, desc.groups, desc.dynamic, desc.dataTextures);
}

/** The bindings of a compute shader's groups, read from its WGSL (once per source): none dynamic. */
export function computeBindings(desc: ComputeDesc): BindingSlot[] {
  return bindingSlots(desc.label, desc.wgsl);
}

function bindingSlots(
  label: string,
  code: string,
  usedGroups?: number,
  dynamicNames: readonly string[] = [],
  dataTextures: readonly string[] = [],
): BindingSlot[] {
  let module = reflected.get(code);
  if (!module) {
    module = { bindings: wgslBindings(code), layouts: structLayouts(code, 'uniform') };
    reflected.set(code, module);
  }
  const groups = usedGroups ?? Math.max(-1, ...module.bindings.map((b) => b.group)) + 1;
  const dynamic = new Set(dynamicNames);
  const slots = module.bindings
    .filter((b) => b.group < groups)
    .map((b): BindingSlot => {
      const layout = b.kind === 'uniform' ? (module.layouts.get(b.type) ?? null) : null;
      if (b.kind === 'uniform' && !layout)
        throw new Error(`${label}: var<uniform> ${b.name} has type ${b.type}, which is not a struct.`);
      if (b.kind === 'uniform') dynamic.delete(b.name);
      return {
        ...b,
        layout,
        structs: module.layouts,
        size: layout ? Math.ceil(layout.size / 16) * 16 : 0,
        dynamic: b.kind === 'uniform' && dynamicNames.includes(b.name),
        data: b.kind === 'texture' && dataTextures.includes(b.name),
      };
    });
  if (dynamic.size > 0)
    throw new Error(
      `${label}: dynamic binding(s) ${[...dynamic].join(', ')} are not uniforms of the pipeline's ` +
        `${groups} group(s).`,
    );
  return slots;
}
