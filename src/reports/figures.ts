/** How the report screens write the server's figures: a share of the window as a percentage with 3 places, seconds as d h m s. */
/** SPEC §9 "rounded to 3 places": 7,200 of 86,400 s reads 8.333 %. */
export const percentOf = (seconds: number, total: number) => `${(total === 0 ? 0 : (seconds / total) * 100).toFixed(3)} %`

export function formatDuration(seconds: number): string {
  const parts: string[] = []
  let rest = Math.round(seconds)
  for (const [unit, size] of [
    ['d', 86_400],
    ['h', 3600],
    ['m', 60],
  ] as const) {
    if (rest >= size) parts.push(`${Math.floor(rest / size)}${unit}`)
    rest %= size
  }
  if (rest > 0 || parts.length === 0) parts.push(`${rest}s`)
  return parts.join(' ')
}
