/** User preferences (SPEC §3) and the remembered theme. */
export { savePreferences, usePreferences } from './preferences'
export { rememberedTheme } from './themes'
export { REFRESH_KINDS, refreshIntervalsOf, type RefreshKind } from './refresh-intervals'
