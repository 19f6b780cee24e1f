import type { StructLayout } from '../../layout/struct-layout';
import { StructBuffer, StructWriter, type FieldWriter } from '../../layout/struct-writer';

/**
 * A post pass's `Params` struct in CPU memory, shared by both backends' programs: fields resolved once by name, and a
 * change flag, so the uniform goes up only when a parameter actually changed (most hold still frame after frame).
 */
export class ParamsBlock {
  /** The struct's bytes, padded to 16 (what is uploaded). */
  readonly data: StructBuffer;
  private readonly writer: StructWriter;
  private readonly before: Uint32Array;
  private dirty = true;

  constructor(layout: StructLayout) {
    this.writer = new StructWriter(layout);
    this.data = new StructBuffer(new ArrayBuffer(Math.ceil(layout.size / 16) * 16));
    this.before = new Uint32Array(this.data.u32.length);
  }

  /** The names of the struct's fields, in order. */
  get fieldNames(): string[] {
    return this.writer.layout.fields.map((f) => f.name);
  }

  /** A writer for one of the fields (a typo throws here, naming the real ones). */
  field(name: string): FieldWriter {
    return this.writer.field(name);
  }

  set(field: FieldWriter, value: number | ArrayLike<number>): void {
    this.before.set(this.data.u32);
    field.write(this.data, 0, value);
    const now = this.data.u32;
    for (let i = 0; i < now.length && !this.dirty; i++) if (now[i] !== this.before[i]) this.dirty = true;
  }

  /** True once after a change (the first call too): the caller uploads `data.bytes` then. */
  takeChange(): boolean {
    const changed = this.dirty;
    this.dirty = false;
    return changed;
  }
}
