/**
 * A time of day as a wall shows it: 24-hour with seconds, in the browser's locale. One formatter for the page:
 * toLocaleTimeString with options builds a new Intl.DateTimeFormat at every call, and a wall's clock ticks every second.
 */
const CLOCK = new Intl.DateTimeFormat([], { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false })

export const clockTime = (ms: number) => CLOCK.format(ms)
