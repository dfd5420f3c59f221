import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'

/**
 * Bootswatch themes start with `@import url(https://fonts.googleapis.com/…)`. Vigil runs on closed networks
 * and must not call third parties from the browser, so remote @imports are dropped (system fonts remain).
 * A PostCSS plugin, because Vite inlines local @imports before user PostCSS plugins run.
 */
const dropRemoteImports = {
  postcssPlugin: 'vigil-drop-remote-imports',
  AtRule: {
    import(rule: { params: string; remove(): void }) {
      if (/^(url\()?\s*["']?https?:/i.test(rule.params)) rule.remove()
    },
  },
}

/**
 * Bootstrap's Reboot clears what follows a legend with `legend + * { clear: left }`. A sibling rule whose subject is
 * any element makes Chromium restyle a whole table body when one row is inserted or replaced: 12–16 ms of style
 * per refreshed row on the problems page, against 0.6 ms without it (issue 17, 60 Hz while the table updates).
 * `fieldset > *` clears the floated legend the same way, without a sibling rule.
 */
const legendWithoutSiblingRule = {
  postcssPlugin: 'vigil-legend-without-sibling-rule',
  Rule(rule: { selector: string }) {
    if (rule.selector.replace(/\s+/g, '') === 'legend+*') rule.selector = 'fieldset > *'
  },
}

/**
 * Issue 7 first paint: src/app/early/early-start.ts is an entry of its own, a few KB, put in index.html before the
 * app's script, so that the app's first requests leave while the app's bundle still loads. (Vite would merge a
 * second module script of index.html into the app's entry.) In development the app starts without it.
 */
const EARLY_ENTRY = 'early-start'
const earlyEntry: Plugin = {
  name: 'vigil-early-entry',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(_html, ctx) {
      const chunk = Object.values(ctx.bundle ?? {}).find((c) => c.type === 'chunk' && c.isEntry && c.name === EARLY_ENTRY)
      if (!chunk) throw new Error(`the ${EARLY_ENTRY} entry is missing from the build`)
      return [{ tag: 'script', attrs: { type: 'module', crossorigin: true, src: `/${chunk.fileName}` }, injectTo: 'head-prepend' }]
    },
  },
}

/**
 * Issue 19 "Fast over any link": a brotli (quality 10) and a gzip (level 9) copy beside every script,
 * stylesheet, HTML and SVG file over 1 KB, made once at build time; the server sends the copy the browser
 * accepts (src/server/http/routes/ui.ts). Quality 11 made the files 2 % smaller for three times the build's CPU.
 */
const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)
const precompress: Plugin = {
  name: 'vigil-precompress',
  apply: 'build',
  async writeBundle(options, bundle) {
    const dir = options.dir ?? 'dist'
    const files = Object.keys(bundle).filter((f) => /\.(js|css|html|svg)$/.test(f))
    await Promise.all(
      files.map(async (file) => {
        const body = await fs.readFile(path.join(dir, file))
        if (body.length < 1024) return
        const [br, gz] = await Promise.all([
          brotli(body, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 10, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
          }),
          gzip(body, { level: 9 }),
        ])
        await Promise.all([fs.writeFile(path.join(dir, `${file}.br`), br), fs.writeFile(path.join(dir, `${file}.gz`), gz)])
      }),
    )
  },
}

// DESIGN.md: the browser bundle is built with Vite; the server serves dist/ at '/'.
export default defineConfig({
  base: '/',
  plugins: [react(), earlyEntry, precompress],
  css: { postcss: { plugins: [dropRemoteImports, legendWithoutSiblingRule] } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      input: { index: 'index.html', [EARLY_ENTRY]: 'src/app/early/early-start.ts' },
      output: {
        // What the entries load statically (the shell, SPEC §2) goes into one chunk: left to itself Rolldown
        // splits it into many small chunks shared with lazy routes, and each file compresses apart (issue 2:
        // shell under 200 KB gzip). Lazy routes still get their own chunks. The early requests
        // (the early-start entry) keep a chunk of their own, so that they start
        // before the shell has loaded (issue 7 first paint).
        codeSplitting: {
          groups: [
            {
              name: 'early',
              test: /src[\\/](app[\\/](early[\\/]early|early[\\/]early-start|guard[\\/]token|preferences[\\/]storage|guard[\\/]guard|api[\\/]api-failure)|viewer[\\/](early|map-urls)|shared[\\/]constants)\.ts$/,
              priority: 2,
            },
            { name: 'shell', tags: ['$initial'], priority: 1 },
            // Issue 19 "Fast over any link": what every signed-in page loads after the shell (the route guard, the
            // top bar, preferences, the feed, the decorations of states and ages) in one file, not a dozen: over a
            // link with 40 ms round trips each file of a chain costs a round trip on one of six connections.
            {
              name: 'protected',
              test: /src[\\/](app[\\/](guard|components|input|preferences(?![\\/]themes)|feed|shell|api)[\\/]|ui[\\/](Modal|decorations[\\/])|shared[\\/](feed-topics|feed)\.ts)|node_modules[\\/]@tanstack[\\/](react-query|query-core)[\\/]/,
              priority: 0,
            },
            // Zod, which most lazy pages load, stays a file of its own: captured with the wall, the login page would load the wall.
            { name: 'schemas', test: /node_modules[\\/]zod[\\/]/, priority: 1 },
            // A wall's own code (the viewer page, its canvas and live states, the shared map model and drawing) in one file.
            // Not the editor's Yjs binding (shared/maps/ydoc.ts): captured here, it brought Yjs (77 KB) to every wall.
            {
              name: 'wall',
              test: /src[\\/](viewer[\\/](?!pages[\\/](map-timeline|maps-list|slideshows))|shared[\\/]maps[\\/](?!ydoc\.ts$))|node_modules[\\/](rbush|quickselect|roughjs)[\\/]/,
              priority: 0,
            },
            // The feature texts are always loaded together (app/i18n/feature-texts.ts): one file, not four.
            { name: 'feature-texts', test: /src[\\/]shared[\\/]i18n[\\/]en[\\/](monitoring|ui|maps-ui|viewer)\.ts$/, priority: 0 },
            // The Konva a map viewer draws with (src/viewer/konva.ts), kept together: left to itself Rolldown
            // put the shapes the viewer only imports for their registration into the editor's chunk.
            {
              name: 'konva',
              test: /node_modules[\\/](react-konva[\\/]es[\\/](?!ReactKonva\.js)|react-reconciler|its-fine|konva[\\/]lib[\\/](?!filters[\\/]|index\.js|_FullInternals\.js)(?!shapes[\\/](?!(Arrow|Circle|Image|Line|Path|Rect|Text)\.js)))/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    // `npm run dev` against a running server (`npm run serve`).
    proxy: {
      '/api': { target: process.env.VIGIL_API_URL ?? 'http://127.0.0.1:8080', ws: true },
      '/version.json': { target: process.env.VIGIL_API_URL ?? 'http://127.0.0.1:8080' },
    },
  },
})
