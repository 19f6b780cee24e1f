import type { FieldWriter } from '../../layout/struct-writer';
import type { FullscreenProgram } from './fullscreen-program';

/**
 * A pass's settings bound, once, to the fields of its program's `Params` struct that have their names: `upload()`
 * copies the group's values in each frame (a number; numbers into a vector, the rest of it 0; a flag as 0 or 1), so
 * a pass writes by hand only the fields it works out (a rectangle, a lens). The struct is reflected from the WGSL, so
 * renaming a field in the shader unbinds its setting rather than writing at a stale offset.
 */
export class SettingFields {
  private readonly bound: { key: string; field: FieldWriter; scratch: Float32Array }[];

  constructor(
    private readonly program: Pick<FullscreenProgram, 'fieldNames' | 'field' | 'set'>,
    private readonly group: () => Readonly<Record<string, unknown>>,
    /** Settings the pass writes itself (worked out from the value: rounded, or 0 while another setting says so). */
    except: readonly string[] = [],
  ) {
    const names = new Set(program.fieldNames);
    this.bound = Object.keys(group())
      .filter((key) => names.has(key) && !except.includes(key))
      .map((key) => {
        const field = program.field(key);
        return { key, field, scratch: new Float32Array(field.count) };
      });
  }

  /** The settings bound, by name. */
  get keys(): string[] {
    return this.bound.map((b) => b.key);
  }

  /** Writes the group's current values into their fields (the uniform goes up only if one changed). */
  upload(): void {
    const group = this.group();
    for (const { key, field, scratch } of this.bound) {
      const value = group[key];
      if (typeof value === 'boolean') this.program.set(field, value ? 1 : 0);
      else if (typeof value === 'number' && field.count === 1) this.program.set(field, value);
      else if (isNumbers(value) && value.length <= scratch.length) {
        scratch.fill(0);
        scratch.set(value);
        this.program.set(field, scratch);
      } else
        throw new Error(
          `Setting "${key}" (${String(value)}) does not fit its shader field, a ${field.typeName}: give it ` +
            'another name in the shader or in the settings.',
        );
    }
  }
}

function isNumbers(value: unknown): value is ArrayLike<number> {
  return Array.isArray(value) || (ArrayBuffer.isView(value) && !(value instanceof DataView));
}
