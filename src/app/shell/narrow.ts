import { useSyncExternalStore } from 'react'

/** SPEC §9 "Mobile threshold width 480 px". */
export const PHONE_QUERY = '(max-width: 480px)'

const media = () => window.matchMedia(PHONE_QUERY)

function subscribe(onChange: () => void): () => void {
  const list = media()
  list.addEventListener('change', onChange)
  return () => list.removeEventListener('change', onChange)
}

/** The screen is a phone's: the menu then overlays the screen and closes after each navigation (issue 17). */
export function usePhoneScreen(): boolean {
  return useSyncExternalStore(subscribe, () => media().matches)
}
