/**
 * Reads the import graph out of an emitted (minified) Vite chunk, for builds without a manifest.
 * The minifier may quote specifiers with ", ' or ` — all three are accepted.
 */

export interface ParsedChunk {
  /** Specifiers of static `import … from`, bare `import "…"` and `export … from` (relative only). */
  imports: string[]
  /** Each `import("…")` with the files Vite preloads alongside it (`__vite__mapDeps([i,…])` into `m.f=[…]`). */
  dynamic: { spec: string; deps: string[] }[]
}

const Q = '["\'`]'
const STATIC = new RegExp(`(?:^|[;}\\s])(?:import|export)\\s*(?:[\\w$*{},\\s]*?from\\s*)?${Q}(\\.\\.?/[^"'\`]+)${Q}`, 'g')
const DYNAMIC = new RegExp(`import\\(${Q}(\\.\\.?/[^"'\`]+)${Q}\\)(?:\\s*,\\s*__vite__mapDeps\\(\\[([\\d,\\s]*)\\]\\))?`, 'g')

export function parseChunk(code: string): ParsedChunk {
  const depList =
    /m\.f=\[([^\]]*)\]/
      .exec(code)?.[1]
      .match(/["'`][^"'`]+["'`]/g)
      ?.map((s) => s.slice(1, -1)) ?? []
  return {
    imports: [...code.matchAll(STATIC)].map((m) => m[1]),
    dynamic: [...code.matchAll(DYNAMIC)].map((m) => ({
      spec: m[1],
      deps: (m[2] ?? '')
        .split(',')
        .filter((s) => s.trim())
        .map((i) => depList[Number(i)])
        .filter((d): d is string => d !== undefined),
    })),
  }
}

/** Names a chunk exports (`export{a as LoginPage,b}` → LoginPage, b). */
export function exportNames(code: string): string[] {
  return [...code.matchAll(/export\s*\{([^}]*)\}/g)].flatMap((m) =>
    m[1]
      .split(',')
      .map((s) =>
        s
          .trim()
          .split(/\s+as\s+/)
          .pop()!,
      )
      .filter(Boolean),
  )
}
