/** SPEC §2 help panel "Touch" and §9 Display: what a finished touch gesture means on a narrow screen. Pure. */
import { MOBILE_WIDTH_PX, PULL_RELOAD_PX, SWIPE_CLOSE_EDGE_PX, SWIPE_MIN_PX, SWIPE_OPEN_EDGE_PX } from '../../shared/constants'

export type Gesture = 'open-menu' | 'close-menu' | 'reload'

export interface TouchPath {
  startX: number
  startY: number
  endX: number
  endY: number
  /** the page's scroll position when the touch started: pull-to-reload only from the top */
  scrollTop: number
  viewportWidth: number
}

export function gestureOf(t: TouchPath): Gesture | null {
  if (t.viewportWidth > MOBILE_WIDTH_PX) return null
  const dx = t.endX - t.startX
  const dy = t.endY - t.startY
  const horizontal = Math.abs(dx) > Math.abs(dy)
  if (horizontal && dx >= SWIPE_MIN_PX && t.startX <= SWIPE_OPEN_EDGE_PX) return 'open-menu'
  if (horizontal && -dx >= SWIPE_MIN_PX && t.startX >= t.viewportWidth - SWIPE_CLOSE_EDGE_PX) return 'close-menu'
  if (!horizontal && dy > PULL_RELOAD_PX && t.scrollTop <= 0) return 'reload'
  return null
}
