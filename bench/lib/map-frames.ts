/**
 * Frames of the map viewer measured in the page (bench/map-viewer's settle_ms and rerender_fps, issue 18): real
 * requestAnimationFrame times, and the Konva layers' own draw events to show that the canvas was really
 * redrawn — not the moving picture (src/viewer/canvas/moving-picture.ts) shifted by CSS.
 * The page scripts are strings so that the bundler's helpers never reach the page.
 */
import type { Page } from 'playwright-core'

export interface Camera {
  x: number
  y: number
  scale: number
}

/** Records the end of every draw of the map's layers (`window.draws_`) and its duration (`window.drawMs_`). */
export async function recordLayerDraws(page: Page): Promise<void> {
  const layers = (await page.evaluate(`(() => {
    const stage = window.Konva.stages.find((s) => s.container().closest('.vigil-map-canvas'))
    window.draws_ = []
    window.drawMs_ = []
    let started = 0
    for (const layer of stage.getLayers()) {
      layer.on('beforeDraw.bench', () => (started = performance.now()))
      layer.on('draw.bench', () => {
        const now = performance.now()
        window.draws_.push(now)
        window.drawMs_.push(now - started)
      })
    }
    return stage.getLayers().length
  })()`)) as number
  if (!layers) throw new Error('no Konva layers found on the map canvas')
}

export const cameraOf = async (page: Page): Promise<Camera> =>
  JSON.parse((await page.locator('.vigil-map-canvas').getAttribute('data-camera'))!) as Camera

/** Back to the map fitted to the screen (the viewer's double click), once its layers are quiet again. */
export async function refit(page: Page): Promise<void> {
  await page.locator('.vigil-map-canvas').dispatchEvent('dblclick')
  await quiet(page)
}

/** Waits until no layer has drawn for 300 ms. */
const quiet = (page: Page) =>
  page.waitForFunction(`!window.draws_.length || performance.now() - window.draws_[window.draws_.length - 1] > 300`, undefined, {
    timeout: 30_000,
  })

/**
 * One pan (a pointer drag over 20 frames) or zoom (20 wheel events, one a frame) from where the camera is; then
 * the time from the gesture's end (pointer up, last wheel event) to the first frame after the layers' last redraw,
 * once they are quiet (300 ms without a draw) and the moving picture is gone; and how many layer draws that took.
 * Throws when nothing was redrawn.
 */
export async function settleMs(page: Page, kind: 'pan' | 'zoom'): Promise<{ ms: number; draws: number }> {
  const r = (await page.evaluate(`new Promise((resolve) => {
    const el = document.querySelector('.vigil-map-canvas')
    const box = el.getBoundingClientRect()
    const cx = box.left + box.width / 2, cy = box.top + box.height / 2
    const opts = (x, y) => ({ bubbles: true, clientX: x, clientY: y, pointerId: 1, isPrimary: true, pointerType: 'mouse', buttons: 1 })
    const pan = ${kind === 'pan'}
    let k = 0
    const step = () => {
      k++
      if (pan) {
        if (k === 1) el.dispatchEvent(new PointerEvent('pointerdown', opts(cx, cy)))
        el.dispatchEvent(new PointerEvent('pointermove', opts(cx + 10 * k, cy + 6 * k)))
      } else el.dispatchEvent(new WheelEvent('wheel', { bubbles: true, cancelable: true, clientX: cx, clientY: cy, deltaY: -30 }))
      if (k < 20) return requestAnimationFrame(step)
      const first = window.draws_.length
      const end = performance.now()
      if (pan) el.dispatchEvent(new PointerEvent('pointerup', opts(cx + 10 * k, cy + 6 * k)))
      let seen = first, shownAt = null
      const watch = () => {
        const now = performance.now()
        const n = window.draws_.length
        // This frame follows a redraw: it is the one that shows it.
        if (n > seen) (seen = n), (shownAt = now)
        const picture = document.querySelector('.vigil-map-moving')
        const moving = !!picture && picture.style.display !== 'none'
        if (shownAt !== null && !moving && now - window.draws_[n - 1] > 300) resolve({ settle: shownAt - end, draws: n - first })
        else if (now - end > 10000) resolve({ settle: null, draws: n - first, moving })
        else requestAnimationFrame(watch)
      }
      requestAnimationFrame(watch)
    }
    requestAnimationFrame(step)
  })`)) as { settle: number | null; draws: number; moving?: boolean }
  if (r.settle === null)
    throw new Error(`the map did not settle after a ${kind} (${r.draws} layer draws, moving picture shown: ${r.moving})`)
  return { ms: r.settle, draws: r.draws }
}

/**
 * A slow continuous pan (2 px right and 1 px down a frame) from `from` for `ms`, each frame's camera applied the
 * way a gesture ends, so the layers redraw (the viewer's `vigil:camera` test hook). Redrawn frames per second:
 * frames in whose interval at least one layer drew; drawP50Ms: the median time such a frame's layer draws took.
 * Throws when fewer than half the frames were redrawn.
 */
export async function rerenderFps(page: Page, from: Camera, ms: number): Promise<{ fps: number; frames: number; drawP50Ms: number }> {
  const r = (await page.evaluate(`new Promise((resolve) => {
    const el = document.querySelector('.vigil-map-canvas')
    const from = ${JSON.stringify(from)}
    const frames = []
    const first = window.draws_.length
    const tick = () => {
      const now = performance.now()
      frames.push(now)
      const k = frames.length
      el.dispatchEvent(new CustomEvent('vigil:camera', { detail: { x: from.x - 2 * k, y: from.y - k, scale: from.scale } }))
      if (now - frames[0] < ${ms}) return requestAnimationFrame(tick)
      // One more frame, so that a redraw batched for the next frame is counted in the last interval.
      requestAnimationFrame(() => {
        frames.push(performance.now())
        const draws = window.draws_.slice(first), drawMs = window.drawMs_.slice(first)
        // Per redrawn frame: the time its layers took to draw, all together.
        const perFrame = []
        for (let i = 1; i < frames.length; i++) {
          const ms = draws.reduce((sum, t, k) => (t > frames[i - 1] && t <= frames[i] ? sum + drawMs[k] : sum), 0)
          if (draws.some((t) => t > frames[i - 1] && t <= frames[i])) perFrame.push(ms)
        }
        perFrame.sort((a, b) => a - b)
        resolve({ redrawn: perFrame.length, frames: frames.length - 1, seconds: (frames[frames.length - 1] - frames[0]) / 1000, drawP50Ms: perFrame[Math.floor(perFrame.length / 2)] ?? NaN })
      })
    }
    requestAnimationFrame(tick)
  })`)) as { redrawn: number; frames: number; seconds: number; drawP50Ms: number }
  if (r.redrawn < r.frames / 2) throw new Error(`the layers redrew in only ${r.redrawn} of ${r.frames} frames of the pan`)
  return { fps: r.redrawn / r.seconds, frames: r.frames, drawP50Ms: r.drawP50Ms }
}
