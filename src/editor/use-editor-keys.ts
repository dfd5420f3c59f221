/**
 * The editor's keyboard (STYLE.md "Actions": keys come from the action registry). It listens before the app's
 * global shortcuts (capture phase) and marks what it handles, so a key the editor uses never also opens search
 * or the menu. Escape first drops a gesture in progress; ctrl+s saves now.
 */
import { useEffect, useRef } from 'react'
import { isTypingTarget } from '../app/input'
import { actionContext, actionForKey, runAction, type EditorMode } from './actions'
import type { Editor } from './model/editor'
import type { Tool } from './tools/select-tool'

const inMenu = (target: EventTarget | null) => target instanceof Element && target.closest('[role="menu"]') !== null

export function useEditorKeys(editor: Editor, mode: EditorMode, pointer: Tool, onSave?: () => void, notify?: (messageKey: string) => void) {
  const save = useRef(onSave)
  save.current = onSave
  const tell = useRef(notify)
  tell.current = notify
  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      // The context menu's own keys (Escape, arrows) are its own.
      if (
        e.defaultPrevented ||
        isTypingTarget(e.target) ||
        inMenu(e.target) ||
        document.querySelector('[role="dialog"][aria-modal="true"]')
      )
        return
      if (e.key === 'Escape' && pointer.cancel()) {
        e.preventDefault()
        return
      }
      if ((e.ctrlKey || e.metaKey) && e.code === 'KeyS') {
        e.preventDefault()
        void save.current?.()
        return
      }
      const ctx = actionContext(editor, { notify: (key) => tell.current?.(key) })
      const action = actionForKey(e, mode, ctx)
      if (!action) return
      e.preventDefault()
      runAction(editor, action, mode, ctx)
    }
    window.addEventListener('keydown', onKey, { capture: true })
    return () => window.removeEventListener('keydown', onKey, { capture: true })
  }, [editor, mode, pointer])
}
