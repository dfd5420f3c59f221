import { useTranslation } from 'react-i18next'
import { useMatches } from 'react-router'
import { ComingSoon } from './ComingSoon'

/** What a route table puts in `handle`: the i18n key of the screen's name. */
export interface ScreenHandle {
  screen: string
}

export function isScreenHandle(handle: unknown): handle is ScreenHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as ScreenHandle).screen === 'string'
}

/** The i18n key of the deepest matched route's screen name. */
export function useScreenKey(): string | null {
  const matches = useMatches()
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle
    if (isScreenHandle(handle)) return handle.screen
  }
  return null
}

export interface PlaceholderPageProps {
  /** Overrides the screen key of the route's handle. */
  screenKey?: string
}

/** A "coming soon" page named after the route's `handle.screen`. */
export function PlaceholderPage({ screenKey }: PlaceholderPageProps) {
  const { t } = useTranslation()
  const fromRoute = useScreenKey()
  const key = screenKey ?? fromRoute
  return <ComingSoon screen={key ? t(key) : ''} />
}
