/**
 * The map font (src/shared/maps/draw/palette.ts), bundled: maps measure and wrap labels with a canvas, which
 * uses a web font only once it is loaded, so the app waits for it (a second at most) before it first draws.
 */
import '@fontsource/inter/400.css'
import '@fontsource/inter/700.css'
import { MAP_FONT_FAMILY } from '../../shared/maps/draw'

const WAIT_MS = 1000

export function loadMapFont(): Promise<unknown> {
  const fonts = ['400', '700'].map((weight) => document.fonts.load(`${weight} 12px ${MAP_FONT_FAMILY}`))
  return Promise.race([Promise.all(fonts), new Promise((done) => setTimeout(done, WAIT_MS))])
}
