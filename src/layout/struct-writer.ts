import { toFloat16Bits } from '../math/float16';
import type { StructLayout } from './struct-layout';
import { plainLayout, SCALARS, type ScalarName, type WgslType } from './wgsl-types';

/** Typed views of one ArrayBuffer, so a field of any scalar kind is written without making a view per write. */
export class StructBuffer {
  readonly f32: Float32Array;
  readonly i32: Int32Array;
  readonly u32: Uint32Array;
  readonly u16: Uint16Array;

  constructor(readonly bytes: ArrayBuffer) {
    this.f32 = new Float32Array(bytes);
    this.i32 = new Int32Array(bytes);
    this.u32 = new Uint32Array(bytes);
    this.u16 = new Uint16Array(bytes);
  }
}

/**
 * One field of a struct, resolved from its path once (`model`, `light.color`, `lights[2].power`), that writes its
 * numbers into a `StructBuffer` at a struct's byte offset: vec3 padding, matrix columns and array strides come from
 * the layout. Writing allocates nothing; a wrong count of numbers throws.
 */
export class FieldWriter {
  /** How many numbers a write takes: matrices column-major and packed (a mat3x3 takes 9), arrays element after element. */
  readonly count: number;

  constructor(
    readonly path: string,
    readonly typeName: string,
    private readonly offset: number,
    private readonly scalar: ScalarName,
    elements: number,
    elementStride: number,
    private readonly columns: number,
    columnStride: number,
    rows: number,
  ) {
    this.count = elements * columns * rows;
    // Where each number goes, in scalars from the field's start: vec3 padding, matrix columns and array strides are
    // resolved once here, so a write is one flat loop.
    const size = SCALARS[scalar].size;
    this.places = new Int32Array(this.count);
    let k = 0;
    for (let e = 0; e < elements; e++) {
      for (let c = 0; c < columns; c++) {
        for (let r = 0; r < rows; r++) this.places[k++] = (e * elementStride + c * columnStride) / size + r;
      }
    }
  }

  private readonly places: Int32Array;

  /**
   * Where each number goes in floats from the struct's start, for a packer that writes the struct itself; null
   * unless the field is made of f32 (an f16 or integer field must go through `write`).
   */
  get floats(): Int32Array | null {
    if (this.scalar !== 'f32') return null;
    return this.places.map((place) => (this.offset >> 2) + place);
  }

  /** Writes `value` (a number for a scalar field) into the struct that starts at `structOffset` bytes in `target`. */
  write(target: StructBuffer, structOffset: number, value: number | ArrayLike<number>): void {
    const byte = structOffset + this.offset;
    if (typeof value === 'number') {
      if (this.count !== 1) this.wrongCount(1);
      this.store(target, byte, value);
      return;
    }
    if (value.length !== this.count) this.wrongCount(value.length);
    const places = this.places;
    if (this.scalar === 'f32') {
      // Hot path: a loop beats Float32Array.set for a few dozen numbers (no call into the runtime per field).
      const f32 = target.f32;
      const base = byte >> 2;
      for (let k = 0; k < places.length; k++) f32[base + places[k]!] = value[k]!;
      return;
    }
    const size = SCALARS[this.scalar].size;
    for (let k = 0; k < places.length; k++) this.store(target, byte + places[k]! * size, value[k]!);
  }

  private wrongCount(got: number): never {
    throw new RangeError(
      `Field "${this.path}" (${this.typeName}) takes ${this.count} number(s)` +
        `${this.columns > 1 ? ', column-major' : ''}; got ${got}.`,
    );
  }

  private store(target: StructBuffer, byte: number, v: number): void {
    switch (this.scalar) {
      case 'f32':
        target.f32[byte >> 2] = v;
        return;
      case 'f16':
        target.u16[byte >> 1] = toFloat16Bits(v);
        return;
      case 'i32':
      case 'u32':
        if (!Number.isInteger(v))
          throw new RangeError(`Field "${this.path}" (${this.typeName}) takes integers; got ${v}.`);
        if (this.scalar === 'i32') target.i32[byte >> 2] = v;
        else target.u32[byte >> 2] = v;
    }
  }
}

/** Resolves field paths of one struct layout (and the structs it nests) into `FieldWriter`s, failing on a typo. */
export class StructWriter {
  constructor(
    readonly layout: StructLayout,
    private readonly layouts: ReadonlyMap<string, StructLayout> = new Map([[layout.name, layout]]),
  ) {}

  /** The writer of `path`; an unknown path throws an error listing every path this struct has. */
  field(path: string): FieldWriter {
    const parts = path.split('.');
    let struct = this.layout;
    let offset = 0;
    for (let p = 0; p < parts.length; p++) {
      const match = /^([A-Za-z_][A-Za-z0-9_]*)(?:\[(\d+)\])?$/.exec(parts[p]!);
      const field = match && struct.fields.find((f) => f.name === match[1]);
      if (!match || !field) throw this.unknown(path);
      offset += field.offset;
      let type: WgslType = field.type;
      if (match[2] !== undefined) {
        if (type.kind !== 'array' || type.count === null || Number(match[2]) >= type.count)
          throw this.unknown(path);
        offset += Number(match[2]) * field.stride!;
        type = type.element;
      }
      const last = p === parts.length - 1;
      if (type.kind === 'struct') {
        if (last)
          throw new Error(
            `Field "${path}" of ${this.layout.name} is a struct; write its members ("${path}.x").`,
          );
        struct = this.nested(type.name);
        continue;
      }
      if (!last) throw this.unknown(path);
      return leafWriter(path, field.typeName, offset, type, field.stride ?? 0);
    }
    throw this.unknown(path);
  }

  /** Every path `field()` accepts, for messages and tools. */
  paths(): string[] {
    const found: string[] = [];
    const walk = (struct: StructLayout, prefix: string) => {
      for (const f of struct.fields) {
        const element = f.type.kind === 'array' ? f.type.element : f.type;
        if (element.kind === 'struct') {
          const count = f.type.kind === 'array' ? (f.type.count ?? 0) : 0;
          if (f.type.kind === 'array')
            for (let i = 0; i < count; i++) walk(this.nested(element.name), `${prefix}${f.name}[${i}].`);
          else walk(this.nested(element.name), `${prefix}${f.name}.`);
        } else {
          found.push(prefix + f.name);
        }
      }
    };
    walk(this.layout, '');
    return found;
  }

  private nested(name: string): StructLayout {
    const layout = this.layouts.get(name);
    if (!layout)
      throw new Error(
        `StructWriter for ${this.layout.name} needs the layout of struct ${name}; pass all layouts.`,
      );
    return layout;
  }

  private unknown(path: string): Error {
    return new Error(
      `Struct ${this.layout.name} has no field "${path}". Its fields: ${this.paths().join(', ')}.`,
    );
  }
}

function leafWriter(
  path: string,
  typeName: string,
  offset: number,
  type: WgslType,
  stride: number,
): FieldWriter {
  let elements = 1;
  if (type.kind === 'array') {
    if (type.count === null)
      throw new Error(`Field "${path}" is a runtime-sized array; write its elements ("${path}[i]").`);
    elements = type.count;
    type = type.element;
    if (type.kind === 'array' || type.kind === 'struct') {
      throw new Error(
        `Field "${path}" is an array of ${type.kind === 'struct' ? 'structs' : 'arrays'}; write one element.`,
      );
    }
  }
  switch (type.kind) {
    case 'scalar':
      return new FieldWriter(path, typeName, offset, type.scalar, elements, stride, 1, 0, 1);
    case 'vector':
      return new FieldWriter(path, typeName, offset, type.scalar, elements, stride, 1, 0, type.n);
    case 'matrix': {
      // A matrix is an array of column vectors, each padded to its alignment (a mat3x3's columns are 16 bytes apart).
      const column = plainLayout({ kind: 'vector', n: type.rows, scalar: type.scalar });
      const columnStride = Math.ceil(column.size / column.align) * column.align;
      return new FieldWriter(
        path,
        typeName,
        offset,
        type.scalar,
        elements,
        stride,
        type.columns,
        columnStride,
        type.rows,
      );
    }
    default:
      throw new Error(`Field "${path}" cannot be written as numbers.`);
  }
}
