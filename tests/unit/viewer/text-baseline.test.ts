// @vitest-environment jsdom
/**
 * src/viewer/konva.ts (issue 18 rerender_fps): Konva's Text measures an 'M' for its baseline on every draw; the
 * wall measures it once per font, and again once a web font has loaded. jsdom has no canvas, so the test's own
 * 2D context counts what Konva measures and answers metrics that depend on the font, as a browser's do, and an
 * event target stands for the document's fonts.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { Text as KonvaText } from 'konva/lib/shapes/Text'

const measured: string[] = []
let Text: typeof KonvaText

beforeAll(async () => {
  const context = {
    font: '',
    save() {},
    restore() {},
    getImageData: () => ({ data: new Uint8ClampedArray(4) }),
    measureText(text: string) {
      measured.push(`${this.font}|${text}`)
      const size = Number(/(\d+)px/.exec(this.font)?.[1] ?? 10)
      return { width: size * text.length, fontBoundingBoxAscent: size - 2, fontBoundingBoxDescent: 2 }
    },
  }
  // Konva's other canvas calls (clearing, transforms, the pixel it probes at start) do nothing here.
  const canvas = new Proxy(context, { get: (target, key) => (key in target ? target[key as keyof typeof target] : () => {}) })
  HTMLCanvasElement.prototype.getContext = (() => canvas) as unknown as HTMLCanvasElement['getContext']
  // jsdom has no FontFaceSet either: an event target stands for it.
  if (!document.fonts) Object.defineProperty(document, 'fonts', { value: new EventTarget() })
  await import('../../../src/viewer/konva')
  ;({ Text } = await import('konva/lib/shapes/Text'))
})

describe("a label's baseline", () => {
  it('is measured once per font, with the metrics of that font', () => {
    const baselines = () => measured.filter((m) => m.endsWith('|M'))
    const small = new Text({ text: 'web-01', fontSize: 12, fontFamily: 'Inter' })
    const big = new Text({ text: 'db-01', fontSize: 20, fontFamily: 'Inter' })
    const again = new Text({ text: 'x', fontSize: 12, fontFamily: 'Inter' })
    const ascents = [small, small, again, big].map((label) => label.measureSize('M').fontBoundingBoxAscent)
    expect(ascents).toEqual([10, 10, 10, 18])
    expect(baselines()).toEqual(['normal normal 12px Inter|M', 'normal normal 20px Inter|M'])
    // Other texts (wrapping measures words) are measured each time, as before.
    measured.length = 0
    small.measureSize('web')
    small.measureSize('web')
    expect(measured).toEqual(['normal normal 12px Inter|web', 'normal normal 12px Inter|web'])
  })

  it('is measured again once a web font has loaded', () => {
    const label = new Text({ text: 'web-01', fontSize: 14, fontFamily: 'Inter' })
    label.measureSize('M')
    measured.length = 0
    label.measureSize('M')
    expect(measured).toEqual([])
    document.fonts.dispatchEvent(new Event('loadingdone'))
    label.measureSize('M')
    expect(measured).toEqual(['normal normal 14px Inter|M'])
  })
})
