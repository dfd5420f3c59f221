/** The window size, kept current: the editor needs at least EDITOR_MIN_VIEWPORT (SPEC §2 "not supported at low resolutions"). */
import { useSyncExternalStore } from 'react'
import { EDITOR_MIN_VIEWPORT } from '../../shared/maps'

const subscribe = (changed: () => void) => {
  window.addEventListener('resize', changed)
  return () => window.removeEventListener('resize', changed)
}

export function useViewportTooSmall(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.innerWidth < EDITOR_MIN_VIEWPORT.width || window.innerHeight < EDITOR_MIN_VIEWPORT.height,
  )
}
