// Lint: TypeScript rules plus the import boundaries of DESIGN.md, enforced per folder.
// yjs is isomorphic on purpose: the browser edits the map document's Y.Doc and the server applies its updates (DESIGN.md Maps).
import js from '@eslint/js'
import tseslint from 'typescript-eslint'

const FEATURES = ['app', 'ui', 'auth', 'monitoring', 'editor', 'viewer', 'reports', 'risks', 'assets', 'admin', 'dashboard']
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
  'roughjs',
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
