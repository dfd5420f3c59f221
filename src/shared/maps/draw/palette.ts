/**
 * Map colours per app theme (SPEC §1 themes): the one state palette of the wall, the editor and the SVG/PNG
 * export (issue 18 "One picture everywhere"). The canvas cannot read Bootstrap's CSS variables cheaply on every
 * frame, so each theme gets a small palette. State colours follow SPEC §4 MAP (up, down, unreachable, warning,
 * pending, nohost); stale items are greyed (SPEC §4 Decorations).
 */
import { MAP, type Theme } from '../../enums'

export interface MapTheme {
  dark: boolean
  background: string
  grid: string
  /** Outlines, lines and connectors without a colour of their own. */
  ink: string
  /** Text on the canvas background. */
  text: string
  /** Text on a state-coloured body. */
  onState: string
  /** Fill of drawn shapes without a fill of their own. */
  fill: string
  muted: string
  /** SPEC §4 "Stale items are greyed". */
  stale: string
  /** By SPEC §4 MAP value. */
  state: Record<number, string>
  /** Selection and focus (the editor and keyboard focus in the viewer). */
  accent: string
  font: string
}

const LIGHT_STATES = {
  [MAP.up]: '#2e9e44',
  [MAP.down]: '#d7263d',
  [MAP.unreachable]: '#6f42c1',
  [MAP.warning]: '#f0a202',
  [MAP.pending]: '#8a94a6',
  [MAP.nohost]: '#c4cad3',
}
const DARK_STATES = {
  [MAP.up]: '#3fbf5a',
  [MAP.down]: '#ff4d5e',
  [MAP.unreachable]: '#a78bfa',
  [MAP.warning]: '#ffb020',
  [MAP.pending]: '#9aa4b5',
  [MAP.nohost]: '#4a5263',
}
/**
 * The map font: Inter, bundled (@fontsource/inter, loaded before a map draws its labels, src/viewer/map-font.ts), so a
 * label measures the same on every wall and in the export, which shapes it from the same font files (issue 18
 * "One picture everywhere", src/server/maps/text-metrics.ts).
 */
export const MAP_FONT_FAMILY = 'Inter'
const FONT = `${MAP_FONT_FAMILY}, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`

const light: MapTheme = {
  dark: false,
  background: '#ffffff',
  grid: '#e9ecef',
  ink: '#343a40',
  text: '#212529',
  onState: '#ffffff',
  fill: '#f8f9fa',
  muted: '#adb5bd',
  stale: '#b8bcc2',
  state: LIGHT_STATES,
  accent: '#0d6efd',
  font: FONT,
}
const dark: MapTheme = {
  dark: true,
  background: '#1e2228',
  grid: '#2c323b',
  ink: '#ced4da',
  text: '#e9ecef',
  onState: '#10131a',
  fill: '#2b3038',
  muted: '#6c757d',
  stale: '#5c636e',
  state: DARK_STATES,
  accent: '#6ea8fe',
  font: FONT,
}

export const mapThemes: Record<Theme, MapTheme> = {
  default: light,
  acknowledge: light,
  bootstrap: light,
  flat: light,
  noradius: light,
  darkly: dark,
  solar: { ...dark, background: '#002b36', grid: '#073642', fill: '#073642' },
  trip: { ...dark, background: '#1a0933', grid: '#2a1248', fill: '#2a1248', accent: '#ea39b8' },
}

export const mapTheme = (theme: Theme | string | undefined): MapTheme => mapThemes[theme as Theme] ?? light

/**
 * The colour a live state is drawn in: stale wins (SPEC §4 "Stale items are greyed"), else the MAP state's
 * colour; an item without a state is nohost. Markers are grouped by this colour (one shape per colour).
 */
export function liveColour(theme: MapTheme, state: { map_state: number; stale?: boolean } | undefined): string {
  if (!state) return theme.state[MAP.nohost]
  if (state.stale) return theme.stale
  return theme.state[state.map_state] ?? theme.state[MAP.nohost]
}
