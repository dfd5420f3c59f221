/**
 * Binds the SPEC §2 help-panel shortcuts to handlers. The shell binds the global ones (menu, help, g …),
 * a screen binds what only it can do (search, environment selector, auto-refresh, reload, paging): each
 * `useShortcuts` call is a layer, the most recently mounted layer with a handler for a shortcut wins, and
 * one key listener with one matcher serves them all, so every shortcut is throttled once (SPEC §9 1 s).
 */
import { useEffect, useRef, useSyncExternalStore } from 'react'
import { createShortcutMatcher, isTypingTarget, keyName, type ShortcutId } from './shortcuts'

export type ShortcutHandlers = Partial<Record<ShortcutId, () => void>>

const MODIFIER_KEYS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'AltGraph', 'CapsLock'])

type Layer = { current: ShortcutHandlers }
const layers: Layer[] = []
const watchers = new Set<() => void>()
let match = createShortcutMatcher()
let version = 0

function changed() {
  version++
  for (const watch of watchers) watch()
}

/** The handler of the topmost layer that has one. */
export function shortcutHandler(id: ShortcutId): (() => void) | undefined {
  for (let i = layers.length - 1; i >= 0; i--) {
    const handler = layers[i].current[id]
    if (handler) return handler
  }
  return undefined
}

function onKey(event: KeyboardEvent) {
  if (event.defaultPrevented || event.repeat || MODIFIER_KEYS.has(event.key)) return
  const key = keyName(event)
  if (key === 'escape' || isTypingTarget(event.target)) return
  const id = match(key, Date.now())
  const handler = id ? shortcutHandler(id) : undefined
  if (handler) {
    event.preventDefault()
    handler()
  }
}

function addLayer(layer: Layer): () => void {
  if (layers.length === 0) {
    match = createShortcutMatcher()
    window.addEventListener('keydown', onKey)
  }
  layers.push(layer)
  changed()
  return () => {
    layers.splice(layers.indexOf(layer), 1)
    if (layers.length === 0) window.removeEventListener('keydown', onKey)
    changed()
  }
}

export function useShortcuts(handlers: ShortcutHandlers): void {
  const layer = useRef<Layer>({ current: handlers })
  const ids = Object.keys(handlers).sort().join(',')
  useEffect(() => {
    layer.current.current = handlers
  })
  useEffect(() => addLayer(layer.current), [])
  // The help panel lists what works here: tell it when this layer starts or stops handling a shortcut.
  useEffect(changed, [ids])
}

/** The shortcuts some layer handles now, for the help panel (SPEC §2). */
export function useActiveShortcuts(): ReadonlySet<ShortcutId> {
  useSyncExternalStore(
    (watch) => {
      watchers.add(watch)
      return () => watchers.delete(watch)
    },
    () => version,
  )
  return new Set(layers.flatMap((layer) => Object.keys(layer.current) as ShortcutId[]))
}
