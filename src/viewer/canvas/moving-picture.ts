/**
 * While the camera moves zoomed out, MapCanvas moves the drawn pixels by a CSS transform instead of redrawing.
 * Moving the stage's three full-screen layer canvases made a wall's compositor blend three screens of pixels
 * every frame: in Chromium without a GPU (software compositing, as on many NOC wall PCs) that alone took
 * ~19 ms a frame, so a pan ran at 47–55 fps. One opaque picture of the layers, moved instead, keeps 60 fps
 * (issue 7 "pan and zoom at 55 frames per second or better"; bench/map-viewer).
 */
import type Konva from 'konva'

/** A picture made stale by a live repaint is made again at most this often while the camera moves. */
const REMAKE_MS = 100

export class MovingPicture {
  private canvas: HTMLCanvasElement | null = null
  private stale = true
  private madeAt = 0

  /** `background`: the colour under the layers (the picture is opaque). */
  constructor(private readonly background: () => string) {}

  /** The picture of `stage`'s layers, shown in their place (made now when there is none up to date). */
  show(stage: Konva.Stage): HTMLCanvasElement {
    const canvas = (this.canvas ??= pictureCanvas())
    if (!canvas.isConnected) stage.container().appendChild(canvas)
    const now = performance.now()
    if (this.stale && (canvas.style.display === 'none' || now - this.madeAt >= REMAKE_MS)) this.make(stage, canvas, now)
    canvas.style.display = 'block'
    stage.content.style.visibility = 'hidden'
    return canvas
  }

  /** The layers are shown again (they were drawn for the camera where it is now). */
  hide(stage: Konva.Stage): void {
    stage.content.style.visibility = ''
    if (this.canvas) this.canvas.style.display = 'none'
    this.stale = true
  }

  /** A layer was repainted while the picture is shown (a live state change). */
  invalidate(): void {
    this.stale = true
  }

  private make(stage: Konva.Stage, canvas: HTMLCanvasElement, now: number) {
    const layers = stage.getLayers().map((l) => l.getCanvas()._canvas)
    const first = layers[0]
    if (canvas.width !== first.width || canvas.height !== first.height) {
      canvas.width = first.width
      canvas.height = first.height
    }
    canvas.style.width = `${stage.width()}px`
    canvas.style.height = `${stage.height()}px`
    canvas.style.transform = ''
    const ctx = canvas.getContext('2d', { alpha: false })!
    ctx.fillStyle = this.background()
    ctx.fillRect(0, 0, canvas.width, canvas.height)
    for (const layer of layers) ctx.drawImage(layer, 0, 0)
    this.stale = false
    this.madeAt = now
  }
}

function pictureCanvas(): HTMLCanvasElement {
  const canvas = document.createElement('canvas')
  canvas.className = 'vigil-map-moving'
  Object.assign(canvas.style, { position: 'absolute', top: '0', left: '0', pointerEvents: 'none', display: 'none', transformOrigin: '0 0' })
  return canvas
}
