/** Uploaded pictures (SPEC §5 Uploads): the type from the content's magic bytes and the size from the header. */
import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { extensionOf, pictureSize, sniffPicture } from '../../../src/server/integrations/import/picture'

const fixture = (name: string) => new Uint8Array(fs.readFileSync(new URL(`../../fixtures/maps/${name}`, import.meta.url)))

describe('picture sniffing', () => {
  it('reads type and size of real PNG, JPEG and GIF files', () => {
    for (const [name, mime, width, height] of [
      ['background.png', 'image/png', 800, 600],
      ['small.png', 'image/png', 400, 300],
      ['background.jpg', 'image/jpeg', 1024, 768],
      ['background.gif', 'image/gif', 800, 600],
    ] as const) {
      const bytes = fixture(name)
      expect(sniffPicture(bytes), name).toBe(mime)
      expect(pictureSize(bytes, mime), name).toEqual({ width, height })
    }
  })

  it('finds the frame size of a progressive JPEG after other segments', () => {
    const app0 = [0xff, 0xe0, 0x00, 0x06, 0x4a, 0x46, 0x49, 0x46]
    const sof2 = [0xff, 0xc2, 0x00, 0x11, 0x08, 0x02, 0x58, 0x03, 0x20, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]
    expect(pictureSize(new Uint8Array([0xff, 0xd8, ...app0, 0xff, 0xff, ...sof2]), 'image/jpeg')).toEqual({ width: 800, height: 600 })
  })

  it('knows no type for text, SVG or other formats, whatever the name says', () => {
    for (const text of ['just text renamed to .png', '<svg xmlns="http://www.w3.org/2000/svg"/>', 'BM\x00\x00 bitmap']) {
      expect(sniffPicture(new TextEncoder().encode(text))).toBeNull()
    }
  })

  it('reads no size from a truncated or broken header', () => {
    expect(pictureSize(fixture('background.png').subarray(0, 20), 'image/png')).toBeNull()
    expect(pictureSize(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02]), 'image/jpeg')).toBeNull()
    expect(pictureSize(new TextEncoder().encode('GIF89a\x00\x00\x00\x00'), 'image/gif')).toBeNull()
  })

  it('takes the extension from the last dot of the name, in lower case', () => {
    expect([extensionOf('Floor.Plan.JPG'), extensionOf('noext'), extensionOf('dir.v2/file'), extensionOf('x.svg')]).toEqual([
      'jpg',
      '',
      '',
      'svg',
    ])
  })
})
