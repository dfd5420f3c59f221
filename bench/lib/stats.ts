/** Small helpers shared by the benchmarks: percentiles, the vsync and the final `NAME: key=value …` line. */

/** One frame at 60 Hz: frame intervals come in whole vsyncs, and one of k vsyncs missed k − 1 of them. */
export const VSYNC_MS = 1000 / 60

/** Nearest-rank percentile (p in 0..100) of a list of numbers. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]
}

/** The one line every benchmark ends with, e.g. `bundle: login_kb=120.3 shell_kb=180.1`. */
export function figuresLine(name: string, figures: Record<string, string | number>): string {
  return `${name}: ${Object.entries(figures)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ')}`
}
