/**
 * Copy and paste of map items, also between maps (issue 6): the copied items are kept in localStorage (so
 * another map's editor in this browser can paste them) and offered to the system clipboard as JSON text.
 * What is read back is validated like any outside input (STYLE.md "Validate at the edge").
 */
import { z } from 'zod'
import { Connector, MapItem } from '../../shared/maps'

export const Clip = z.object({
  vigil_map_clip: z.literal(1),
  items: z.array(MapItem).max(20_000),
  connectors: z.array(Connector).max(20_000),
})
export type Clip = z.infer<typeof Clip>

const KEY = 'vigil.editor.clipboard'

export function writeClip(clip: Omit<Clip, 'vigil_map_clip'>, storage: Storage | undefined = globalThis.localStorage): string {
  const text = JSON.stringify({ vigil_map_clip: 1, ...clip })
  storage?.setItem(KEY, text)
  return text
}

/** The clip in `text` (a paste event's text) or else in storage; null when there is none or it is not ours. */
export function readClip(text?: string | null, storage: Storage | undefined = globalThis.localStorage): Clip | null {
  for (const source of [text, storage?.getItem(KEY)]) {
    if (!source) continue
    try {
      const parsed = Clip.safeParse(JSON.parse(source))
      if (parsed.success) return parsed.data
    } catch {
      // Not JSON: someone else's clipboard text.
    }
  }
  return null
}
