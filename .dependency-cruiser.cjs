// The layer check run by `npm run check`: src/ folders import only leftwards along
// math -> time -> scene -> input -> ui -> assets -> layout -> device -> graph -> render/xr -> app -> debug, never in a cycle;
// inside render/: materials -> world -> passes -> renderers. The public entries alone may import all.
// Tests (*.test.ts) may wire layers together (an XR layer test draws with the world pass): they are not engine code.
const LAYERS = [
  'math',
  'time',
  'scene',
  'input',
  'ui',
  'assets',
  'layout',
  'device',
  'graph',
  'render|xr',
  'app',
  'debug',
];

/** For each layer, a rule forbidding imports from every layer to its right. */
const layerRules = LAYERS.slice(0, -1).map((layer, i) => ({
  name: `layer-${layer.replace('|', '-')}`,
  comment: `src/${layer} may not import from a layer to its right (${LAYERS.slice(i + 1).join(', ')})`,
  severity: 'error',
  from: { path: `^src/(${layer})/`, pathNot: '\\.test\\.ts$' },
  to: { path: `^src/(${LAYERS.slice(i + 1).join('|')})/` },
}));

/** Inside render/, the same rule between its parts: a material kind knows no world pass, the world pass no post pass. */
const RENDER_PARTS = ['materials', 'world', 'passes', 'renderers'];
const renderRules = RENDER_PARTS.slice(0, -1).map((part, i) => ({
  name: `render-${part}`,
  comment: `src/render/${part} may not import from a part to its right (${RENDER_PARTS.slice(i + 1).join(', ')})`,
  severity: 'error',
  from: { path: `^src/render/${part}/`, pathNot: '\\.test\\.ts$' },
  to: { path: `^src/render/(${RENDER_PARTS.slice(i + 1).join('|')})/` },
}));

module.exports = {
  forbidden: [
    ...layerRules,
    ...renderRules,
    {
      name: 'render-xr-apart',
      comment: 'render and xr sit side by side: neither imports the other',
      severity: 'error',
      from: { path: '^src/(render|xr)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^src/(render|xr)/', pathNot: '^src/$1/' },
    },
    {
      name: 'no-cycles',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'no-public-entry-inside',
      comment:
        'src/index.ts, src/advanced.ts and src/debug.ts are for users; engine code imports the module it needs',
      severity: 'error',
      from: { path: '^src/.+/' },
      to: { path: '^src/(index|advanced|debug)\\.ts$' },
    },
    {
      name: 'demos-use-public-entries',
      comment:
        'demos import the engine as an app would: its public entries (src/index.ts, src/advanced.ts, src/debug.ts) only',
      severity: 'error',
      from: { path: '^demos/' },
      to: { path: '^src/.+/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
