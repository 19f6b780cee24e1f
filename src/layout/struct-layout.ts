import { parseWgslStructs, type ParsedStruct } from './parse-wgsl-structs';
import { plainLayout, typeName, type WgslType } from './wgsl-types';

/** Where a struct lives; the uniform space adds constraints on top of the common host-shareable rules. */
export type AddressSpace = 'uniform' | 'storage';

/** One member of a laid-out struct, in bytes. Arrays give their stride; a struct member names its struct. */
export interface FieldLayout {
  name: string;
  type: WgslType;
  typeName: string;
  offset: number;
  size: number;
  align: number;
  /** Element stride, for arrays (runtime-sized ones included). */
  stride?: number;
}

/** A struct laid out by the WGSL rules: what TypeScript reads instead of writing offsets by hand. */
export interface StructLayout {
  name: string;
  /** Size in bytes; for a struct ending in a runtime-sized array, the size with zero elements. */
  size: number;
  align: number;
  fields: FieldLayout[];
}

/** A struct WGSL would reject in this address space; names the struct, the field and the rule. */
export class LayoutError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`WGSL layout rules broken:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'LayoutError';
  }
}

/** How layouts are checked. */
export interface LayoutOptions {
  /**
   * Relax the uniform constraints as `uniform_buffer_standard_layout` does. Off by default: the strict rules are what
   * GLSL std140 (the WebGL2 backend) needs too.
   */
  relaxedUniforms?: boolean;
}

const roundUp = (k: number, n: number) => Math.ceil(n / k) * k;
const isPowerOfTwo = (n: number) => n > 0 && (n & (n - 1)) === 0;

/** Lays out every struct of a WGSL source for `space`, throwing a `LayoutError` listing every rule it breaks. */
export function structLayouts(
  code: string,
  space: AddressSpace,
  options: LayoutOptions = {},
): Map<string, StructLayout> {
  return new LayoutBuilder(parseWgslStructs(code), space, options.relaxedUniforms ?? false).build();
}

/** The layout of the struct `name` in `code`; an error names the structs that do exist when it is not there. */
export function structLayout(
  code: string,
  name: string,
  space: AddressSpace,
  options: LayoutOptions = {},
): StructLayout {
  const structs = parseWgslStructs(code);
  const wanted = structs.find((s) => s.name === name);
  if (!wanted) {
    throw new LayoutError([
      `no struct "${name}" in this WGSL; it declares: ${structs.map((s) => s.name).join(', ') || 'none'}`,
    ]);
  }
  return new LayoutBuilder(structs, space, options.relaxedUniforms ?? false).layoutOf(name);
}

class LayoutBuilder {
  private readonly parsed: Map<string, ParsedStruct>;
  private readonly done = new Map<string, StructLayout>();
  private readonly inProgress = new Set<string>();
  private readonly problems: string[] = [];
  private readonly strictUniform: boolean;

  constructor(
    structs: ParsedStruct[],
    private readonly space: AddressSpace,
    relaxed: boolean,
  ) {
    this.parsed = new Map(structs.map((s) => [s.name, s]));
    this.strictUniform = space === 'uniform' && !relaxed;
  }

  build(): Map<string, StructLayout> {
    for (const name of this.parsed.keys()) this.struct(name);
    this.throwIfProblems();
    return this.done;
  }

  layoutOf(name: string): StructLayout {
    const layout = this.struct(name);
    this.throwIfProblems();
    return layout;
  }

  private throwIfProblems(): void {
    if (this.problems.length > 0) throw new LayoutError([...new Set(this.problems)]);
  }

  private struct(name: string): StructLayout {
    const cached = this.done.get(name);
    if (cached) return cached;
    if (this.inProgress.has(name)) throw new LayoutError([`struct ${name} contains itself`]);
    this.inProgress.add(name);
    const parsed = this.parsed.get(name)!;
    const fields: FieldLayout[] = [];
    let end = 0;
    let structAlign = 1;
    parsed.members.forEach((member, index) => {
      const where = `struct ${name}, field ${member.name} (line ${member.line})`;
      const last = index === parsed.members.length - 1;
      const natural = this.typeLayout(member.type, where, last);
      const required = this.requiredAlign(member.type, natural.align);
      let align = natural.align;
      if (member.align !== undefined) {
        if (!isPowerOfTwo(member.align) || member.align % required !== 0) {
          this.problems.push(
            `${where}: @align(${member.align}) must be a power of two and a multiple of ${required}`,
          );
        }
        align = member.align;
      }
      let size = natural.size;
      if (member.size !== undefined) {
        if (member.size < natural.size) {
          this.problems.push(
            `${where}: @size(${member.size}) is smaller than the type's size ${natural.size}`,
          );
        }
        size = member.size;
      }
      const offset = roundUp(align, end);
      if (this.strictUniform && offset % required !== 0) {
        this.problems.push(
          `${where}: in the uniform address space a ${describeKind(member.type)} must start at a multiple of ` +
            `${required} bytes, but it is at ${offset}; add @align(${required}) to it (or pad before it)`,
        );
      }
      const previous = fields[fields.length - 1];
      const previousMember = parsed.members[index - 1];
      if (this.strictUniform && previous?.type.kind === 'struct' && previousMember) {
        const needed = roundUp(16, this.struct(previous.type.name).size);
        if (offset - previous.offset < needed) {
          this.problems.push(
            `struct ${name}, field ${member.name} (line ${member.line}): in the uniform address space the member after ` +
              `the struct member ${previous.name} must start ≥ ${needed} bytes after it (roundUp(16, size)), but starts ` +
              `${offset - previous.offset} after; add @align(16) to ${member.name}`,
          );
        }
      }
      const field: FieldLayout = {
        name: member.name,
        type: member.type,
        typeName: typeName(member.type),
        offset,
        size,
        align,
      };
      if (member.type.kind === 'array') field.stride = natural.stride!;
      fields.push(field);
      end = offset + size;
      structAlign = Math.max(structAlign, align);
    });
    const layout: StructLayout = { name, size: roundUp(structAlign, end), align: structAlign, fields };
    this.inProgress.delete(name);
    this.done.set(name, layout);
    return layout;
  }

  /** Alignment, size and (for arrays) stride of a member type; checks the rules that belong to the type itself. */
  private typeLayout(
    type: WgslType,
    where: string,
    lastMember: boolean,
  ): { align: number; size: number; stride?: number } {
    switch (type.kind) {
      case 'scalar':
        if (type.atomic && this.space === 'uniform')
          this.problems.push(`${where}: atomics are not allowed in uniform buffers`);
        return plainLayout(type);
      case 'vector':
      case 'matrix':
        return plainLayout(type);
      case 'struct': {
        const inner = this.struct(type.name);
        if (inner.fields.some((f) => f.type.kind === 'array' && f.type.count === null)) {
          this.problems.push(
            `${where}: struct ${type.name} ends in a runtime-sized array and cannot be nested`,
          );
        }
        return inner;
      }
      case 'array': {
        const element = this.typeLayout(type.element, where, false);
        const stride = roundUp(element.align, element.size);
        if (this.strictUniform && stride % 16 !== 0) {
          this.problems.push(
            `${where}: uniform arrays need an element stride that is a multiple of 16, but ${typeName(type)} has ` +
              `stride ${stride}; use an array of vec4 (or a struct with @size(16)) instead`,
          );
        }
        if (type.count === null) {
          if (this.space === 'uniform') {
            this.problems.push(
              `${where}: runtime-sized arrays are not allowed in uniform buffers (storage only)`,
            );
          } else if (!lastMember) {
            this.problems.push(`${where}: a runtime-sized array must be the last member of its struct`);
          }
          return { align: element.align, size: 0, stride };
        }
        return { align: element.align, size: type.count * stride, stride };
      }
    }
  }

  /** RequiredAlignOf(T, space): in the strict uniform space structs and arrays align to at least 16. */
  private requiredAlign(type: WgslType, natural: number): number {
    return this.strictUniform && (type.kind === 'struct' || type.kind === 'array')
      ? roundUp(16, natural)
      : natural;
  }
}

function describeKind(type: WgslType): string {
  return type.kind === 'struct'
    ? `struct member (${type.name})`
    : type.kind === 'array'
      ? 'array member'
      : typeName(type);
}
