import type { CSSProperties } from 'react'

/**
 * The layout a map needs, written inline: a wall draws its map before the theme's stylesheet has loaded
 * (issue 7 first paint), and must draw it at its real size even then.
 */
export const FULL_SIZE: CSSProperties = { position: 'relative', width: '100%', height: '100%' }
/** A wall screen (fullscreen viewer and slideshow): the whole window, above everything. */
export const WALL_SCREEN: CSSProperties = { position: 'fixed', inset: 0, zIndex: 2000 }
/** What a wall shows over its map (name, clock, slideshow position): small, see-through, out of the pointer's way. */
export const WALL_OVERLAY: CSSProperties = {
  position: 'absolute',
  zIndex: 6,
  background: 'rgba(33, 37, 41, 0.6)',
  color: '#fff',
  pointerEvents: 'none',
}
