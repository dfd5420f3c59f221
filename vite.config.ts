import { defineConfig } from 'vite'
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

// DESIGN.md: the browser bundle is built with Vite; the server serves dist/ at '/'.
export default defineConfig({
  base: '/',
  plugins: [react()],
  css: { postcss: { plugins: [dropRemoteImports] } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // What the entry loads statically (the shell, SPEC §2) goes into one chunk: left to itself Rolldown
        // splits it into many small chunks shared with lazy routes, and each file compresses apart (issue 2:
        // shell under 200 KB gzip). Lazy routes still get their own chunks.
        codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] },
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
