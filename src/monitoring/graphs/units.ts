/** Issue 17: several series of one resource share a chart where their units match (one chart per unit). */

/** The keys of each unit, in the order the server lists them (by key): issue 17 "one chart per unit". */
export function keysByUnit(keys: readonly { key: string; unit: string }[]): { unit: string; keys: string[] }[] {
  const byUnit = new Map<string, string[]>()
  for (const k of keys) byUnit.set(k.unit, [...(byUnit.get(k.unit) ?? []), k.key])
  return [...byUnit].map(([unit, keys]) => ({ unit, keys }))
}
