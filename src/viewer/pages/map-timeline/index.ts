/** SPEC §2 map timeline: a lazy chunk of its own (the shared timeline view; no Konva, not on a wall's path). */
export { MapTimelinePage } from './MapTimelinePage'
