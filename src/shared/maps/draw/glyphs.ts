/** Glyphs drawn on a bound item's state body in the `icon` style: path data in a size × size box. */
const f = (n: number) => Math.round(n * 100) / 100

/** A server: a box with two bays. */
export const hostGlyph = (s: number) =>
  `M${f(s * 0.15)} ${f(s * 0.1)} H${f(s * 0.85)} V${f(s * 0.9)} H${f(s * 0.15)} Z M${f(s * 0.15)} ${f(s * 0.37)} H${f(s * 0.85)} M${f(s * 0.15)} ${f(s * 0.63)} H${f(s * 0.85)}`

/** A check: a pulse line. */
export const resourceGlyph = (s: number) =>
  `M0 ${f(s * 0.55)} H${f(s * 0.3)} L${f(s * 0.42)} ${f(s * 0.2)} L${f(s * 0.58)} ${f(s * 0.85)} L${f(s * 0.7)} ${f(s * 0.55)} H${f(s)}`

/** An environment: three boxes. */
export const environmentGlyph = (s: number) =>
  `M${f(s * 0.35)} ${f(s * 0.05)} h${f(s * 0.3)} v${f(s * 0.3)} h${f(-s * 0.3)} Z M${f(s * 0.05)} ${f(s * 0.6)} h${f(s * 0.3)} v${f(s * 0.3)} h${f(-s * 0.3)} Z ` +
  `M${f(s * 0.65)} ${f(s * 0.6)} h${f(s * 0.3)} v${f(s * 0.3)} h${f(-s * 0.3)} Z M${f(s * 0.5)} ${f(s * 0.35)} V${f(s * 0.48)} M${f(s * 0.2)} ${f(s * 0.6)} V${f(s * 0.48)} H${f(s * 0.8)} V${f(s * 0.6)}`

/** A nested map: stacked sheets. */
export const mapGlyph = (s: number) =>
  `M${f(s * 0.5)} ${f(s * 0.1)} L${f(s * 0.95)} ${f(s * 0.35)} L${f(s * 0.5)} ${f(s * 0.6)} L${f(s * 0.05)} ${f(s * 0.35)} Z M${f(s * 0.05)} ${f(s * 0.6)} L${f(s * 0.5)} ${f(s * 0.85)} L${f(s * 0.95)} ${f(s * 0.6)}`
