import { WgslParseError } from './parse-wgsl-structs';

/** What a WGSL resource variable is, as the device layer binds it. */
export type BindingKind = 'uniform' | 'storage' | 'storage-rw' | 'texture' | 'depth-texture' | 'sampler';

/** One `@group(g) @binding(b) var …` declaration of a WGSL module. */
export interface WgslBinding {
  group: number;
  binding: number;
  /** The variable's name: what a bindings object names it by, and a GLSL twin's sampler is called. */
  name: string;
  kind: BindingKind;
  /**
   * The struct type of a uniform (a GLSL twin's uniform block is named after it), the element type of a storage array
   * (`u32`, `vec4<f32>`, `atomic<u32>`, a struct's name); '' for the other kinds.
   */
  type: string;
}

const TEXTURE_KINDS: Record<string, BindingKind> = {
  'texture_2d<f32>': 'texture',
  texture_depth_2d: 'depth-texture',
  sampler: 'sampler',
};

/**
 * The resource variables a WGSL module declares, ordered by group then binding: what a pipeline's bind group layouts
 * are made from on WebGPU, and how its uniform blocks and samplers are numbered on WebGL2. Only the kinds the engine
 * binds are understood (uniform structs, storage arrays, read-only or read-write, 2D textures and samplers); any other
 * (a storage struct, a cube texture, …) is an error naming the variable.
 */
export function wgslBindings(code: string): WgslBinding[] {
  const text = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  const found: WgslBinding[] = [];
  const declaration = /((?:@\w+\s*\([^)]*\)\s*)+)var\s*(<[^>]*>)?\s*(\w+)\s*:\s*([^;]+);/g;
  for (const match of text.matchAll(declaration)) {
    const attributes = match[1]!;
    const group = /@group\s*\(\s*(\d+)\s*\)/.exec(attributes)?.[1];
    const binding = /@binding\s*\(\s*(\d+)\s*\)/.exec(attributes)?.[1];
    if (group === undefined || binding === undefined) continue; // not a resource (a private or workgroup var)
    const space = match[2]?.replace(/[<>\s]/g, '');
    const name = match[3]!;
    const type = match[4]!.replace(/\s+/g, '');
    let kind: BindingKind | undefined;
    // A storage buffer is read as an array of its elements: what WebGL2 can mirror into an integer texture.
    const element = /^array<(\w+(?:<\w+>)?)>$/.exec(type)?.[1];
    if (space === 'uniform') kind = 'uniform';
    else if ((space === 'storage' || space === 'storage,read') && element) kind = 'storage';
    else if (space === 'storage,read_write' && element) kind = 'storage-rw';
    else if (!space) kind = TEXTURE_KINDS[type];
    if (!kind)
      throw new WgslParseError(
        `var ${name}: ${space ? `var<${space}> ` : ''}${type} is not a resource the device layer binds (uniform ` +
          'structs, var<storage, read> and var<storage, read_write> runtime-sized arrays, texture_2d<f32>, ' +
          'texture_depth_2d and sampler are).',
      );
    found.push({
      group: Number(group),
      binding: Number(binding),
      name,
      kind,
      type: kind === 'uniform' ? type : kind === 'storage' || kind === 'storage-rw' ? element! : '',
    });
  }
  found.sort((a, b) => a.group - b.group || a.binding - b.binding);
  for (let i = 1; i < found.length; i++) {
    const [a, b] = [found[i - 1]!, found[i]!];
    if (a.group === b.group && a.binding === b.binding)
      throw new WgslParseError(
        `var ${a.name} and var ${b.name} are both @group(${a.group}) @binding(${a.binding}).`,
      );
  }
  return found;
}
