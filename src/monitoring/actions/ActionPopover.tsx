import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react'
import { createPortal } from 'react-dom'

export interface ActionPopoverProps {
  /** The button the panel was opened from: the panel sits beside it and focus goes back to it on close. */
  anchor: HTMLElement | null
  onClose(): void
  children: ReactNode
}

const GAP = 4
const MARGIN = 8
// A form's first field, else (a view) its first button; the header's close button comes last.
const FIELDS = 'form textarea, form input:not([type=hidden]):not([disabled]), form select'
const BUTTONS = '.card-body button:not([disabled]), .card-body a[href]'

/** Under the anchor when it fits, else above it, else over it; always inside the viewport. Page coordinates. */
function placement(anchor: DOMRect, width: number, height: number): CSSProperties {
  const below = anchor.bottom + GAP
  const above = anchor.top - GAP - height
  const top =
    below + height <= window.innerHeight - MARGIN ? below : above >= MARGIN ? above : Math.max(MARGIN, window.innerHeight - MARGIN - height)
  const left = Math.min(Math.max(MARGIN, anchor.right - width), Math.max(MARGIN, window.innerWidth - MARGIN - width))
  return { top: top + window.scrollY, left: left + window.scrollX }
}

/**
 * Issue 17: an action panel opens beside (or over) the row it was opened from, in view, with focus on its
 * first field; Escape closes it, and focus returns to the button that opened it when it closes.
 */
export function ActionPopover({ anchor, onClose, children }: ActionPopoverProps) {
  const box = useRef<HTMLDivElement>(null)
  const [position, setPosition] = useState<CSSProperties>({ top: 0, left: 0, opacity: 0 })
  // Unplaced it is transparent, not hidden: a hidden field cannot take focus.
  const placed = useRef({ height: -1, focused: false })

  // After every render: place the panel again when its height changed (a view loading its data), and focus
  // its first field once there is one.
  useLayoutEffect(() => {
    const el = box.current
    if (!el) return
    if (el.offsetHeight !== placed.current.height) {
      placed.current.height = el.offsetHeight
      const rect = anchor?.isConnected ? anchor.getBoundingClientRect() : new DOMRect(window.innerWidth / 2, MARGIN, 0, 0)
      setPosition(placement(rect, el.offsetWidth, el.offsetHeight))
    }
    if (!placed.current.focused) {
      const first = el.querySelector<HTMLElement>(FIELDS) ?? el.querySelector<HTMLElement>(BUTTONS)
      if (first) {
        first.focus({ preventScroll: true })
        placed.current.focused = true
      }
    }
  })

  useEffect(
    () => () => {
      if (anchor?.isConnected) anchor.focus({ preventScroll: true })
    },
    [anchor],
  )

  return createPortal(
    <div
      ref={box}
      className="position-absolute shadow rounded"
      style={{
        ...position,
        // Above a wall screen (viewer/layout.ts WALL_SCREEN, 2000): the map popover opens panels too (issue 18).
        zIndex: 2010,
        width: `min(36rem, calc(100vw - ${2 * MARGIN}px))`,
        maxHeight: `calc(100vh - ${2 * MARGIN}px)`,
        overflowY: 'auto',
      }}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return
        e.stopPropagation()
        onClose()
      }}
    >
      {children}
    </div>,
    document.body,
  )
}
