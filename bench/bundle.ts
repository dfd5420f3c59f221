/**
 * Gzip size of what the browser loads (issue 2 "Figures"; goal: shell under 200 KB gzip).
 *
 *   npm run bench -- bundle [--no-build] [--dir=DIR]
 *
 * Builds with `vite build --manifest` into bench/.data/dist (not dist/: tests and other work serve dist/
 * at the same time, and the manifest does not belong in what the server ships). With --no-build it reads
 * dist/ (or --dir) as it is. Each file counts as zlib gzip level 9 of its bytes.
 *
 * What counts (static imports are followed recursively; dynamic import() is not, since it loads later):
 * - login: the entries of index.html (its module scripts and stylesheets) and their static imports; the lazy login
 *   route chunk, i.e. the dynamically imported chunk that exports a name containing "Login" (the auth
 *   routes lazy-load `src/auth/pages`, which exports LoginPage), or failing that one whose file name
 *   contains "Login"; its static imports and CSS; and the default theme, i.e. the `default-*.js` stub of
 *   `themes/default.css?url` and the stylesheet it points to.
 * - shell: the entry, its static imports and the default theme as above, plus the lazy protected route
 *   chunk (`src/app/guard/protected.ts`: the guard and the shell layout with menu and top bar, file name
 *   `protected-*`) with its static imports and CSS. The landing page's own module (e.g. monitoring's
 *   problems page) is not counted: it is that module's size, not the shell's.
 *
 * sent_kb (issue 19 "Fast over any link"): the bytes a browser really received for a first load of the login
 * page, as sent (compressed, headers included), counted by Chromium's DevTools (Network.loadingFinished) against
 * the real server serving the same build; `app_sent_kb` continues from there through logging in to the problems
 * screen. `--no-browser` leaves both out. Service workers are blocked, so that every byte is the page's own (its
 * DevTools session does not see a worker's fetches).
 *
 * The import graph comes from dist/.vite/manifest.json when present; otherwise from the emitted chunks:
 * `import … from "./x.js"`, `import "./x.js"` and `export … from "./x.js"`, and for the CSS of a lazy chunk
 * the `__vite__mapDeps([…])` list Vite attaches to its `import()`.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { launchChromium } from '../e2e/browser'
import { startServer } from '../tests/helpers/server'
import { exportNames, parseChunk } from './lib/chunks'
import { figuresLine } from './lib/stats'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const noBuild = process.argv.includes('--no-build')
const dirArg = process.argv.find((a) => a.startsWith('--dir='))?.slice(6)
const outDir = noBuild ? path.resolve(dirArg ?? path.join(root, 'dist')) : path.join(root, 'bench', '.data', 'dist')

if (!noBuild) {
  const r = spawnSync('npx', ['vite', 'build', '--manifest', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  })
  if (r.status !== 0) throw new Error(`vite build failed (exit ${r.status})`)
}

/** A chunk's static imports, CSS and dynamic imports, as paths relative to outDir. */
interface Chunk {
  imports: string[]
  css: string[]
  dynamic: string[]
}

const read = (file: string) => fs.readFileSync(path.join(outDir, file), 'utf8')
const html = read('index.html')
const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]+)"`).exec(tag)?.[1]
const rel = (url: string) => url.replace(/^\//, '')
// Every module script of index.html loads at once (the early requests' small entry, then the app's).
const entryFiles = [...html.matchAll(/<script[^>]*type="module"[^>]*>/g)].map((m) => rel(attr(m[0], 'src') ?? '')).filter(Boolean)
if (!entryFiles.length) throw new Error(`no module script in ${outDir}/index.html`)
const entryCss = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*>/g)].map((m) => rel(attr(m[0], 'href') ?? '')).filter(Boolean)

function graphFromManifest(file: string): Map<string, Chunk> {
  type Item = { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[] }
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, Item>
  const fileOf = (key: string) => manifest[key].file
  return new Map(
    Object.values(manifest).map((m) => [
      m.file,
      {
        imports: (m.imports ?? []).map(fileOf),
        css: m.css ?? [],
        dynamic: (m.dynamicImports ?? []).map(fileOf),
      },
    ]),
  )
}

function graphFromChunks(): Map<string, Chunk> {
  const graph = new Map<string, Chunk>()
  const lazyCss: [string, string][] = []
  const visit = (file: string) => {
    if (graph.has(file) || !file.endsWith('.js')) return
    const dir = path.posix.dirname(file)
    const resolve = (spec: string) => path.posix.normalize(path.posix.join(dir, spec))
    const { imports, dynamic } = parseChunk(read(file))
    graph.set(file, { imports: imports.map(resolve), css: [], dynamic: dynamic.map((d) => resolve(d.spec)) })
    // A lazy chunk's CSS is only named by the import() that loads it (its preload deps).
    for (const d of dynamic) for (const dep of d.deps) if (dep.endsWith('.css')) lazyCss.push([resolve(d.spec), dep])
    for (const f of [...graph.get(file)!.imports, ...graph.get(file)!.dynamic]) visit(f)
  }
  entryFiles.forEach(visit)
  for (const [target, sheet] of lazyCss) {
    const c = graph.get(target)
    if (c && !c.css.includes(sheet)) c.css.push(sheet)
  }
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
const loginChunks = lazyChunks.filter((f) => exportNames(read(f)).some((n) => n.includes('Login')))
if (!loginChunks.length) loginChunks.push(...lazyChunks.filter((f) => path.basename(f).includes('Login')))
const shellChunks = lazyChunks.filter((f) => path.basename(f).startsWith('protected-'))
// The default theme: the `default-*.js` stub that `import('./themes/default.css?url')` emits, and its stylesheet.
const themeStub = lazyChunks.find((f) => /^default-[\w-]+\.js$/.test(path.basename(f)) && /\.css["'`]/.test(read(f)))
const themeFiles = themeStub ? [themeStub, rel(/["'`]([^"'`]+\.css)["'`]/.exec(read(themeStub))![1])] : []
for (const [what, found] of [
  ['login route chunk', loginChunks],
  ['protected shell chunk', shellChunks],
  ['default theme', themeFiles],
] as const) {
  if (!found.length) throw new Error(`bundle: could not find the ${what} in ${outDir} (see the heuristics at the top of bench/bundle.ts)`)
}

const gzipKb = (files: Set<string>) =>
  [...files].reduce((sum, f) => sum + gzipSync(fs.readFileSync(path.join(outDir, f)), { level: 9 }).length, 0) / 1024
const base = [...entryFiles, ...entryCss, ...themeFiles]
const login = closure([...base, ...loginChunks])
const shell = closure([...base, ...shellChunks])
for (const [name, files] of [
  ['login', login],
  ['shell', shell],
] as const) {
  console.log(`  ${name}: ${[...files].map((f) => `${path.basename(f)} ${gzipKb(new Set([f])).toFixed(1)}`).join(', ')}`)
}
/** Bytes received for the login page's first load, and through logging in to the problems screen. */
async function bytesSent(): Promise<{ loginKb: number; appKb: number }> {
  const server = await startServer({ env: { VIGIL_DIST_DIR: outDir } })
  const browser = await launchChromium()
  try {
    // The page's own DevTools session does not see what a service worker fetches: once the worker controls the
    // page (src/app/shell/main.tsx registers it 3 s after the load), its fetches counted 0 bytes here.
    const context = await browser.newContext({ serviceWorkers: 'block' })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    let bytes = 0
    cdp.on('Network.loadingFinished', (e) => (bytes += e.encodedDataLength))
    await page.goto(`${server.baseUrl}/#/login`)
    await page.getByRole('button', { name: 'Log in' }).waitFor()
    await page.waitForLoadState('networkidle')
    const loginKb = bytes / 1024
    await page.getByLabel('Username').fill('admin')
    await page.getByLabel('Password').fill(server.adminPassword)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.waitForURL((url) => !url.hash.startsWith('#/login'))
    await page.locator('table').first().waitFor()
    await page.waitForLoadState('networkidle')
    if (loginKb < 10) throw new Error(`only ${loginKb.toFixed(1)} KB counted for the login page: DevTools did not report the loads`)
    return { loginKb, appKb: bytes / 1024 }
  } finally {
    await browser.close()
    await server.close()
  }
}

const sent = process.argv.includes('--no-browser') ? null : await bytesSent()
console.log(
  figuresLine('bundle', {
    login_kb: gzipKb(login).toFixed(1),
    shell_kb: gzipKb(shell).toFixed(1),
    ...(sent ? { sent_kb: sent.loginKb.toFixed(1), app_sent_kb: sent.appKb.toFixed(1) } : {}),
  }),
)
