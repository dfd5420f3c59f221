import { useEffect, useRef } from 'react'
import { gestureOf, type Gesture } from './gestures'

/** Calls `onGesture` for the SPEC §9 swipes and pull-to-reload of narrow screens. */
export function useTouchGestures(onGesture: (gesture: Gesture) => void) {
  const handler = useRef(onGesture)
  handler.current = onGesture
  useEffect(() => {
    let start: { x: number; y: number; scrollTop: number } | null = null
    const onStart = (e: TouchEvent) => {
      const t = e.touches[0]
      start = e.touches.length === 1 && t ? { x: t.clientX, y: t.clientY, scrollTop: document.scrollingElement?.scrollTop ?? 0 } : null
    }
    const onEnd = (e: TouchEvent) => {
      const t = e.changedTouches[0]
      if (!start || !t) return
      const gesture = gestureOf({
        startX: start.x,
        startY: start.y,
        endX: t.clientX,
        endY: t.clientY,
        scrollTop: start.scrollTop,
        viewportWidth: window.innerWidth,
      })
      start = null
      if (gesture) handler.current(gesture)
    }
    window.addEventListener('touchstart', onStart, { passive: true })
    window.addEventListener('touchend', onEnd, { passive: true })
    return () => {
      window.removeEventListener('touchstart', onStart)
      window.removeEventListener('touchend', onEnd)
    }
  }, [])
}
