/**
 * An icon's drawing: the paths of a Bootstrap Icons SVG (a 16 × 16 view box, `<path>` elements only), read
 * once from the file's text. Drawn inline (Icon.tsx), an icon is painted as two paths; as a CSS mask image,
 * as it was, each one ran a document lifecycle of its own at every repaint of its table row (issue 17: 2 ms
 * of every alerts-page frame that repainted its 20 host rows).
 */
export interface IconPath {
  d: string
  evenOdd: boolean
}
export type IconDrawing = readonly IconPath[]

/** The drawing in an SVG file's text; an SVG without a path is refused, so a wrong import fails at once. */
export function drawingOf(svg: string): IconDrawing {
  const paths = [...svg.matchAll(/<path\b([^>]*?)\/?>/g)].map(([, attributes]) => ({
    d: /\bd="([^"]*)"/.exec(attributes)?.[1] ?? '',
    evenOdd: /\bfill-rule="evenodd"/.test(attributes),
  }))
  if (!paths.length || paths.some((p) => !p.d)) throw new Error(`not an icon: ${svg.slice(0, 80)}`)
  return paths
}

/** Each SVG text of a record read as a drawing. */
export function drawingsOf<K extends string>(svgs: Record<K, string>): Record<K, IconDrawing> {
  return Object.fromEntries(Object.entries<string>(svgs).map(([key, svg]) => [key, drawingOf(svg)])) as Record<K, IconDrawing>
}
