import { describe, expect, it } from 'vitest';
import { structLayout } from '../../layout/struct-layout';
import { ParamsBlock } from './params-block';
import { SettingFields } from './setting-fields';

const WGSL = `
struct Params {
  rect: vec4<f32>,
  tint: vec4<f32>,
  strength: f32,
  on: f32,
}`;

/** A program's parameters on the CPU, as both backends' programs keep them. */
function program() {
  const params = new ParamsBlock(structLayout(WGSL, 'Params', 'uniform'));
  return {
    params,
    program: {
      fieldNames: params.fieldNames,
      field: (n: string) => params.field(n),
      set: params.set.bind(params),
    },
  };
}
const f32 = (block: ParamsBlock) => [...block.data.f32];

describe('SettingFields: settings bound to the Params fields of their names', () => {
  it('binds the settings that have a field, writes numbers, flags and vectors (padded), leaves the rest alone', () => {
    const { params, program: p } = program();
    const settings = { strength: 0.5, on: true, tint: [1, 0.5, 0.25], radius: 3, skipped: 9 };
    const fields = new SettingFields(p, () => settings);
    expect(fields.keys).toEqual(['strength', 'on', 'tint']);
    fields.upload();
    // rect (0…3) untouched, tint (4…7) padded with 0, strength, on.
    expect(f32(params)).toEqual([0, 0, 0, 0, 1, 0.5, 0.25, 0, 0.5, 1, 0, 0]);
    settings.strength = 2;
    settings.on = false;
    params.takeChange();
    fields.upload();
    expect(params.takeChange()).toBe(true);
    expect(f32(params).slice(8, 10)).toEqual([2, 0]);
    fields.upload();
    expect(params.takeChange()).toBe(false); // nothing changed: nothing to upload
  });

  it('leaves out the settings the pass writes itself, and refuses a value its field cannot hold', () => {
    const { program: p } = program();
    expect(new SettingFields(p, () => ({ strength: 1, tint: [0, 0, 0] }), ['strength']).keys).toEqual([
      'tint',
    ]);
    const tooLong = new SettingFields(p, () => ({ tint: [1, 2, 3, 4, 5] }));
    expect(() => tooLong.upload()).toThrow(
      /Setting "tint" \(1,2,3,4,5\) does not fit its shader field, a vec4<f32>/,
    );
    const text = new SettingFields(p, () => ({ strength: 'high' }));
    expect(() => text.upload()).toThrow(/Setting "strength"/);
  });
});
