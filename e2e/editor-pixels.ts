/** What the map editor's browser tests share: counting the editor canvas's pixels of a colour. */
import type { Page } from 'playwright-core'

/** How many pixels of the editor's canvases are (nearly) the colour `rgb`: a highlight or guide is drawn or not. */
export const editorPixelsOf = (page: Page, rgb: number[]) =>
  page.evaluate(([r, g, b]) => {
    let n = 0
    for (const c of document.querySelectorAll<HTMLCanvasElement>('[aria-label="Map canvas"] canvas')) {
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data
      for (let i = 0; i < data.length; i += 4)
        if (data[i + 3] > 200 && Math.abs(data[i] - r) < 8 && Math.abs(data[i + 1] - g) < 8 && Math.abs(data[i + 2] - b) < 8) n++
    }
    return n
  }, rgb)
