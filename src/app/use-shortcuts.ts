/** Binds the SPEC §2 help-panel shortcuts to handlers while the shell is shown. */
import { useEffect, useRef } from 'react'
import { createShortcutMatcher, isTypingTarget, keyName, type ShortcutId } from './shortcuts'

export type ShortcutHandlers = Partial<Record<ShortcutId, () => void>>

const MODIFIER_KEYS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'AltGraph', 'CapsLock'])

export function useShortcuts(handlers: ShortcutHandlers): void {
  const current = useRef(handlers)
  useEffect(() => {
    current.current = handlers
  })

  useEffect(() => {
    const match = createShortcutMatcher()
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || MODIFIER_KEYS.has(event.key)) return
      const key = keyName(event)
      if (key === 'escape' || isTypingTarget(event.target)) return
      const id = match(key, Date.now())
      const handler = id ? current.current[id] : undefined
      if (handler) {
        event.preventDefault()
        handler()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
}
