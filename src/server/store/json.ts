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

/**
 * `head`, the texts joined by commas, and `tail` as one UTF-8 buffer, written in place: a timeline page of 1,000
 * events' JSON (740 KB) joined as a string and then encoded for compression or the socket took 5–10 ms of the
 * server's thread on the bench machine, written here 0.5–3 ms (issue 20).
 */
export function joinedUtf8(head: string, texts: string[], tail: string): Buffer {
  let bytes = Buffer.byteLength(head) + Buffer.byteLength(tail) + Math.max(texts.length - 1, 0)
  for (const text of texts) bytes += Buffer.byteLength(text)
  const out = Buffer.allocUnsafe(bytes)
  let at = out.write(head)
  texts.forEach((text, i) => {
    if (i) at += out.write(',', at)
    at += out.write(text, at)
  })
  out.write(tail, at)
  return out
}
