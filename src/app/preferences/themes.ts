/**
 * SPEC §1 themes, switchable at runtime. Each theme is one stylesheet loaded on demand (its URL comes from a
 * dynamic `?url` import, so the shell ships none of them) and swapped in a single <link>. The last theme is
 * remembered in localStorage so the login page and the first paint use it before preferences arrive.
 */
import { THEMES, type Theme } from '../../shared/enums'
import { getStored, setStored } from './storage'

type CssUrl = () => Promise<{ default: string }>

export const THEME_STYLESHEETS = {
  default: () => import('./themes/default.css?url'),
  acknowledge: () => import('./themes/acknowledge.css?url'),
  bootstrap: () => import('./themes/bootstrap.css?url'),
  darkly: () => import('./themes/darkly.css?url'),
  flat: () => import('./themes/flat.css?url'),
  solar: () => import('./themes/solar.css?url'),
  noradius: () => import('./themes/noradius.css?url'),
  trip: () => import('./themes/trip.css?url'),
} satisfies Record<Theme, CssUrl>

const LINK_ID = 'vigil-theme'
const STORAGE_KEY = 'theme'

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value)
}

export function rememberedTheme(): Theme {
  const stored = getStored<string>(localStorage, STORAGE_KEY)
  return isTheme(stored) ? stored : 'default'
}

let requested: Theme | null = null

/** Loads the theme's stylesheet, then replaces the previous one (no unstyled flash in between). */
export async function applyTheme(theme: Theme): Promise<void> {
  if (requested === theme) return
  requested = theme
  setStored(localStorage, STORAGE_KEY, theme)
  const href = (await THEME_STYLESHEETS[theme]()).default
  if (requested !== theme) return
  const previous = document.getElementById(LINK_ID)
  const link = document.createElement('link')
  link.rel = 'stylesheet'
  link.href = href
  await new Promise<void>((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true })
    link.addEventListener('error', () => resolve(), { once: true })
    document.head.appendChild(link)
  })
  if (requested !== theme) {
    link.remove()
    return
  }
  previous?.remove()
  link.id = LINK_ID
  document.documentElement.dataset.theme = theme
}
