/**
 * The map font (src/shared/maps/draw/palette.ts), bundled: maps measure and wrap labels with a canvas, which
 * uses a web font only once it is loaded, so a map draws its labels after it (a second at most). Its files are
 * fetched by the first map drawn, not by pages that draw none (the shell declares the faces).
 */
import { useEffect, useState } from 'react'
import { MAP_FONT_FAMILY } from '../shared/maps/draw'

const WAIT_MS = 1000

let ready = false
let loading: Promise<unknown> | undefined

function loadMapFont(): Promise<unknown> {
  loading ??= Promise.race([
    Promise.all(['400', '700'].map((weight) => document.fonts.load(`${weight} 12px ${MAP_FONT_FAMILY}`))),
    new Promise((done) => setTimeout(done, WAIT_MS)),
  ]).finally(() => (ready = true))
  return loading
}

/** Whether labels may be drawn: the map font has loaded (or the wait is over). Starts loading it. */
export function useMapFont(): boolean {
  const [isReady, setReady] = useState(ready)
  useEffect(() => {
    if (!isReady) void loadMapFont().then(() => setReady(true))
  }, [isReady])
  return isReady
}
