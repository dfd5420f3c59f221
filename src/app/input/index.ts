/** Keyboard shortcuts (SPEC §2 help panel) for the screens that bind their own. */
export { isTypingTarget } from './shortcuts'
export { useShortcuts } from './use-shortcuts'
export { useTableShortcuts, type ShortcutTable } from './table-shortcuts'
