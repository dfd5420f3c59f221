/** JSON text columns: parsed leniently on read (a damaged cell reads as the fallback, never a 500). */
export function readJson<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback
  try {
    return JSON.parse(text) as T
  } catch {
    return fallback
  }
}

export const now = () => Math.floor(Date.now() / 1000)
