/**
 * An icon's drawing: the paths of a Bootstrap Icons SVG (a 16 × 16 view box, `<path>` elements only), read
 * once from the file's text. Drawn inline (Icon.tsx), an icon is painted as its paths; a CSS mask image ran a
 * document lifecycle of its own at every repaint (issue 17: 4 ms of an alerts-page refresh, 20 host icons).
 */
export interface IconPath {
  d: string
  evenOdd: boolean
}
export type IconDrawing = readonly IconPath[]

/** The drawing in an SVG file's text; an SVG without a path is refused, so a wrong import fails at once. */
function iconDrawingOf(svg: string): IconDrawing {
  const paths = [...svg.matchAll(/<path\b([^>]*?)\/?>/g)].map(([, attributes]) => ({
    d: /\bd="([^"]*)"/.exec(attributes)?.[1] ?? '',
    evenOdd: /\bfill-rule="evenodd"/.test(attributes),
  }))
  if (!paths.length || paths.some((p) => !p.d)) throw new Error(`not an icon: ${svg.slice(0, 80)}`)
  return paths
}

/** Each SVG text of a record read as a drawing. */
export function drawingsOf<K extends string>(svgs: Record<K, string>): Record<K, IconDrawing> {
  return Object.fromEntries(Object.entries<string>(svgs).map(([key, svg]) => [key, iconDrawingOf(svg)])) as Record<K, IconDrawing>
}
