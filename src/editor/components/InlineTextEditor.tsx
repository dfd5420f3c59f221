/**
 * Editing an item's text or label in place (issue 18 "as fluent as draw.io"): a field over the item on the
 * canvas, growing with its content. Enter (or leaving the field) keeps the text as one history entry, Escape
 * drops it; Shift+Enter starts a new line of a text item.
 */
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useStore } from 'zustand'
import { inlineFieldOf } from '../items'
import type { Editor } from '../model/editor'
import { commitField } from './commit-field'

export function InlineTextEditor({ editor, id, onDone }: { editor: Editor; id: string; onDone(): void }) {
  const { t } = useTranslation()
  const item = useStore(editor.store, (s) => s.doc.items[id])
  const camera = useStore(editor.store, (s) => s.camera)
  const field = item ? inlineFieldOf(item) : undefined
  const initial = item && field ? String((item as Record<string, unknown>)[field.key] ?? '') : ''
  const [value, setValue] = useState(initial)
  const input = useRef<HTMLTextAreaElement>(null)
  const finished = useRef(false)

  useLayoutEffect(() => {
    input.current?.focus()
    input.current?.select()
  }, [])
  // Grows with its content, never narrower than the item.
  useLayoutEffect(() => {
    const el = input.current
    if (!el) return
    el.style.height = 'auto'
    el.style.height = `${el.scrollHeight}px`
  }, [value, camera.scale])

  if (!item || !field) return null

  function finish(keep: boolean) {
    if (finished.current) return
    finished.current = true
    if (keep && value !== initial) commitField(editor, [item!], field!.key, value)
    onDone()
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Escape') {
      e.preventDefault()
      finish(false)
    } else if (e.key === 'Enter' && !(e.shiftKey && field!.type === 'textarea')) {
      e.preventDefault()
      finish(true)
    }
  }

  const fontSize = ('font_size' in item ? item.font_size : (item.style?.font_size ?? 12)) * camera.scale
  return (
    <textarea
      ref={input}
      aria-label={t(field.label)}
      className="position-absolute form-control p-0 border-primary"
      rows={1}
      maxLength={field.max}
      value={value}
      onChange={(e) => setValue(field.type === 'textarea' ? e.target.value : e.target.value.replace(/\n/g, ' '))}
      onKeyDown={onKeyDown}
      onBlur={() => finish(true)}
      style={{
        left: item.x * camera.scale + camera.x,
        top: item.y * camera.scale + camera.y,
        width: Math.max(item.w * camera.scale, 80),
        minHeight: Math.min(item.h * camera.scale, fontSize * 1.6),
        fontSize,
        lineHeight: 1.25,
        resize: 'none',
        overflow: 'hidden',
        transform: item.rotation ? `rotate(${item.rotation}deg)` : undefined,
        transformOrigin: 'top left',
        zIndex: 2,
      }}
    />
  )
}
