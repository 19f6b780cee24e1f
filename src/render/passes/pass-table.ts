import type { PassDescriptor, PassRead } from './pass-descriptor';
import { controlId, settingLeaves, urlKey } from './pass-setting';

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const code = (text: string) => `\`${text}\``;
const readName = (read: PassRead) => (typeof read === 'string' ? read : read.name);

/**
 * The chain's reference as Markdown, made from the passes' descriptors (`docs/passes.md` holds it; `npm run docs`
 * writes it and a unit test checks it is current): a table of the passes in chain order, then one of every setting
 * with its default, URL key and debug-panel control.
 */
export function passTable(passes: readonly PassDescriptor[]): string {
  const rows = passes.map((p) =>
    [
      code(p.name),
      p.on ? 'on' : 'off',
      p.reads.map((r) => code(readName(r))).join(', '),
      p.writes.map((w) => code(w.name)).join(', '),
      cell(p.summary),
    ].join(' | '),
  );
  const settings = passes.flatMap((p) =>
    settingLeaves(p.settings).map(({ path, setting }) => {
      const leaf = { path, setting };
      const key = urlKey(leaf);
      const spec = setting.spec;
      const value = setting.make();
      const shown = spec.format
        ? spec.format(value as never)
        : Array.isArray(value)
          ? value.join(',')
          : String(value);
      return [
        code(p.name),
        code(path.join('.')),
        shown === undefined ? '—' : code(shown),
        key === null ? '—' : code(`?${key}=`),
        spec.control ? `${spec.control.kind} ${code(controlId(leaf))}` : '—',
        cell(spec.doc),
      ].join(' | ');
    }),
  );
  return [
    '| pass | at start | reads | writes | what it does |',
    '| --- | --- | --- | --- | --- |',
    ...rows.map((r) => `| ${r} |`),
    '',
    '| pass | setting (`renderer.settings.…`) | default | URL | panel control (`data-testid`) | what it does |',
    '| --- | --- | --- | --- | --- | --- |',
    ...settings.map((r) => `| ${r} |`),
  ].join('\n');
}
