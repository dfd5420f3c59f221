/**
 * Gzip size of what the browser loads (issue 2 "Figures"; goal: shell under 200 KB gzip).
 *
 *   npm run bench -- bundle [--no-build]
 *
 * Builds with `vite build --manifest` into bench/.data/dist (not dist/: tests and other work serve dist/
 * at the same time, and the manifest does not belong in what the server ships). With --no-build it reads
 * dist/ as it is. Each file counts as zlib gzip level 9 of its bytes.
 *
 * What counts (static imports are followed recursively; dynamic import() is not, since it loads later):
 * - login: the entry of index.html (its script and stylesheets) and its static imports; the lazy login
 *   route chunk, i.e. the dynamically imported chunk that exports a name containing "Login" (the auth
 *   routes lazy-load `src/auth/pages`, which exports LoginPage), or failing that one whose file name
 *   contains "Login"; its static imports and CSS; and the default theme, i.e. the `default-*.js` stub of
 *   `themes/default.css?url` and the stylesheet it points to.
 * - shell: the entry, its static imports and the default theme as above, plus the lazy protected route
 *   chunk (`src/app/protected.ts`: the guard and the shell layout with menu and top bar, file name
 *   `protected-*`) with its static imports and CSS. The landing page's own module (e.g. monitoring's
 *   problems page) is not counted: it is that module's size, not the shell's.
 *
 * The import graph comes from dist/.vite/manifest.json when present; otherwise from the emitted chunks:
 * `import … from "./x.js"`, `import "./x.js"` and `export … from "./x.js"`, and for the CSS of a lazy chunk
 * the `__vite__mapDeps([…])` list Vite attaches to its `import()`.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { figuresLine } from './lib/stats'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const noBuild = process.argv.includes('--no-build')
const outDir = noBuild ? path.join(root, 'dist') : path.join(root, 'bench', '.data', 'dist')

if (!noBuild) {
  const r = spawnSync('npx', ['vite', 'build', '--manifest', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' })
  if (r.status !== 0) throw new Error(`vite build failed (exit ${r.status})`)
}

/** A chunk's static imports, CSS and dynamic imports, as paths relative to outDir. */
interface Chunk { imports: string[]; css: string[]; dynamic: string[] }

const read = (file: string) => fs.readFileSync(path.join(outDir, file), 'utf8')
const html = read('index.html')
const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]+)"`).exec(tag)?.[1]
const rel = (url: string) => url.replace(/^\//, '')
const entryFile = rel(attr(/<script[^>]*type="module"[^>]*>/.exec(html)?.[0] ?? '', 'src') ?? '')
if (!entryFile) throw new Error(`no module script in ${outDir}/index.html`)
const entryCss = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*>/g)].map((m) => rel(attr(m[0], 'href') ?? '')).filter(Boolean)

function graphFromManifest(file: string): Map<string, Chunk> {
  type Item = { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[] }
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, Item>
  const fileOf = (key: string) => manifest[key].file
  return new Map(Object.values(manifest).map((m) => [m.file, {
    imports: (m.imports ?? []).map(fileOf), css: m.css ?? [], dynamic: (m.dynamicImports ?? []).map(fileOf),
  }]))
}

function graphFromChunks(): Map<string, Chunk> {
  const graph = new Map<string, Chunk>()
  const visit = (file: string) => {
    if (graph.has(file) || !file.endsWith('.js')) return
    const code = read(file)
    const dir = path.posix.dirname(file)
    const resolve = (spec: string) => path.posix.normalize(path.posix.join(dir, spec))
    const q = '["\'`]'
    const imports = [...code.matchAll(new RegExp(`(?:^|[;}\\s])(?:import|export)\\s*(?:[\\w$*{},\\s]*?from\\s*)?${q}(\\.\\.?/[^"'\`]+)${q}`, 'g'))].map((m) => resolve(m[1]))
    // Vite wraps each import() in a preload of its deps: `import("./x.js"),__vite__mapDeps([3,1])`, indexes into `m.f=[…]`.
    const depList = /m\.f=\[([^\]]*)\]/.exec(code)?.[1].match(/["'`][^"'`]+["'`]/g)?.map((s) => s.slice(1, -1)) ?? []
    const dynamic: string[] = []
    const css: string[] = []
    for (const m of code.matchAll(new RegExp(`import\\(${q}(\\.\\.?/[^"'\`]+)${q}\\)(?:\\s*,\\s*__vite__mapDeps\\(\\[([\\d,\\s]*)\\]\\))?`, 'g'))) {
      dynamic.push(resolve(m[1]))
      for (const i of (m[2] ?? '').split(',').filter((s) => s.trim())) if (depList[Number(i)]?.endsWith('.css')) css.push(`${resolve(m[1])}\0${depList[Number(i)]}`)
    }
    graph.set(file, { imports, css: [], dynamic })
    for (const f of [...imports, ...dynamic]) visit(f)
    // A lazy chunk's CSS is known from the import() that loads it; attach it to that chunk.
    for (const pair of css) {
      const [target, sheet] = pair.split('\0')
      const c = graph.get(target)
      if (c && !c.css.includes(sheet)) c.css.push(sheet)
    }
  }
  visit(entryFile)
  return graph
}

const manifestFile = path.join(outDir, '.vite', 'manifest.json')
const graph = fs.existsSync(manifestFile) ? graphFromManifest(manifestFile) : graphFromChunks()
const chunk = (file: string) => graph.get(file) ?? { imports: [], css: [], dynamic: [] }

/** A chunk and everything it loads statically, with CSS. */
function closure(start: string[], into = new Set<string>()): Set<string> {
  for (const file of start) {
    if (into.has(file)) continue
    into.add(file)
    const c = chunk(file)
    for (const css of c.css) into.add(css)
    closure(c.imports, into)
  }
  return into
}

const lazyChunks = [...new Set([...graph.values()].flatMap((c) => c.dynamic))]
const exportsOf = (file: string) => [...read(file).matchAll(/export\s*\{([^}]*)\}/g)].flatMap((m) => m[1].split(',').map((s) => s.trim().split(/\s+as\s+/).pop()!))
const loginChunks = lazyChunks.filter((f) => exportsOf(f).some((n) => n.includes('Login')))
if (!loginChunks.length) loginChunks.push(...lazyChunks.filter((f) => path.basename(f).includes('Login')))
const shellChunks = lazyChunks.filter((f) => path.basename(f).startsWith('protected-'))
// The default theme: the `default-*.js` stub that `import('./themes/default.css?url')` emits, and its stylesheet.
const themeStub = lazyChunks.find((f) => /^default-[\w-]+\.js$/.test(path.basename(f)) && /\.css["'`]/.test(read(f)))
const themeFiles = themeStub ? [themeStub, rel(/["'`]([^"'`]+\.css)["'`]/.exec(read(themeStub))![1])] : []
for (const [what, found] of [['login route chunk', loginChunks], ['protected shell chunk', shellChunks], ['default theme', themeFiles]] as const) {
  if (!found.length) throw new Error(`bundle: could not find the ${what} in ${outDir} (see the heuristics at the top of bench/bundle.ts)`)
}

const gzipKb = (files: Set<string>) => [...files].reduce((sum, f) => sum + gzipSync(fs.readFileSync(path.join(outDir, f)), { level: 9 }).length, 0) / 1024
const base = [entryFile, ...entryCss, ...themeFiles]
const login = closure([...base, ...loginChunks])
const shell = closure([...base, ...shellChunks])
for (const [name, files] of [['login', login], ['shell', shell]] as const) {
  console.log(`  ${name}: ${[...files].map((f) => `${path.basename(f)} ${gzipKb(new Set([f])).toFixed(1)}`).join(', ')}`)
}
console.log(figuresLine('bundle', { login_kb: gzipKb(login).toFixed(1), shell_kb: gzipKb(shell).toFixed(1) }))
