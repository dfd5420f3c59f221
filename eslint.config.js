// Lint: TypeScript rules plus the import boundaries of DESIGN.md, enforced per folder.
// yjs is isomorphic on purpose: the browser edits the map document's Y.Doc and the server applies its updates (DESIGN.md Maps).
// roughjs too: its generator is pure geometry, so the hand-drawn style looks the same on the wall and in the SVG export (issue 18).
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'

const FEATURES = [
  'app',
  'ui',
  'auth',
  'monitoring',
  'editor',
  'viewer',
  'reports',
  'risks',
  'assets',
  'admin',
  'dashboard',
  'config-backups',
]
/**
 * What a feature offers the others (STYLE.md "A feature's public surface is its index.ts"): its `index.ts`,
 * plus the few entry files named here, each for a reason. Anything else inside `src/<feature>/` is private.
 */
const ENTRY_POINTS = {
  // The app's folders are the shell's services; each folder's index.ts is its public surface.
  app: ['actions', 'api', 'client-reports', 'early', 'feed', 'guard', 'i18n', 'input', 'preferences', 'shell', 'filters'].map(
    (folder) => `${folder}/index.ts`,
  ),
  // The first module script (app/early/early-start.ts) asks for the map of a viewer route before the bundle has
  // loaded; the viewer's index would pull its route table into that few-KB script.
  viewer: ['early.ts'],
}
const boundaries = FEATURES.map((feature) => ({
  target: `./src/!(${feature})/**`,
  from: `./src/${feature}`,
  except: ['./index.ts', ...(ENTRY_POINTS[feature] ?? [])],
  message: `Import src/${feature} through its index.ts (STYLE.md); a part two features need moves to src/ui or src/shared.`,
}))
const NODE = ['node:*', 'fs', 'path', 'os', 'net', 'http', 'https', 'child_process', 'crypto']
const SERVER_PACKAGES = ['fastify', '@fastify/*', 'fastify-*', 'kysely', 'better-sqlite3', 'pg', 'net-snmp']
const BROWSER_PACKAGES = [
  'react',
  'react-dom',
  'react-dom/*',
  'konva',
  'konva/*',
  'react-konva',
  'react-router',
  'bootstrap',
  'bootswatch/*',
  'd3',
  'd3-*',
  'y-indexeddb',
  'zustand',
  'react-i18next',
  '@tanstack/*',
]
// Case-sensitive: the Node module `path` is not Konva's `shapes/Path`.
const restrict = (groups, message) => ['error', { patterns: [{ group: groups, message, caseSensitive: true }] }]

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'bench/.data/**', 'public/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: boundaries }],
      // Dynamic import() counts too (allowUnsafeDynamicCyclicDependency stays off): a lazy route back into its
      // importer is still a cycle. Type-only imports do not count.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
  },
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': restrict(
        [...FEATURES.map((f) => `**/${f}/**`), '**/server/**', ...NODE, ...SERVER_PACKAGES, ...BROWSER_PACKAGES],
        'src/shared is isomorphic and imports nothing else of ours (DESIGN.md).',
      ),
    },
  },
  {
    files: FEATURES.map((f) => `src/${f}/**`),
    rules: {
      'no-restricted-imports': restrict(
        ['**/server/**', ...NODE, ...SERVER_PACKAGES],
        'Browser code never imports the server or Node (DESIGN.md).',
      ),
    },
  },
  {
    files: ['src/viewer/**'],
    rules: {
      'no-restricted-imports': restrict(
        ['**/server/**', '**/editor/**', ...NODE, ...SERVER_PACKAGES],
        'The viewer never imports the editor; the editor may import the viewer (STYLE.md).',
      ),
    },
  },
  {
    files: ['src/server/**'],
    rules: {
      'no-restricted-imports': restrict(
        [...FEATURES.filter((f) => f !== 'app').map((f) => `**/${f}/**`), '../../app/**', '../app/**', ...BROWSER_PACKAGES],
        'The server never imports React, Konva or browser folders (DESIGN.md).',
      ),
    },
  },
)
