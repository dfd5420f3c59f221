/**
 * Uploaded pictures (SPEC §5 Uploads: jpeg, jpg, png or gif): the type is sniffed from the magic bytes, never
 * taken from the name or the Content-Type, and the size in pixels read from the header itself (PNG IHDR, GIF
 * logical screen, JPEG start-of-frame), so nothing decodes the picture on the server.
 */
export const PICTURE_EXTENSIONS = ['jpeg', 'jpg', 'png', 'gif'] as const
export const PICTURE_MIMES = ['image/png', 'image/jpeg', 'image/gif'] as const
export type PictureMime = (typeof PICTURE_MIMES)[number]

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b)
const ascii = (bytes: Uint8Array, from: number, n: number) => String.fromCharCode(...bytes.subarray(from, from + n))
const u16be = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1]
const u16le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8)
const u32be = (b: Uint8Array, at: number) => ((b[at] << 24) >>> 0) + (b[at + 1] << 16) + (b[at + 2] << 8) + b[at + 3]

/** The picture type the content really is, or null for anything else (SVG, text, other formats). */
export function sniffPicture(bytes: Uint8Array): PictureMime | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'image/gif'
  return null
}

interface PictureSize {
  width: number
  height: number
}

function pngSize(b: Uint8Array): PictureSize | null {
  // Signature (8), then the first chunk must be IHDR: length (4), type (4), width (4), height (4).
  if (b.length < 24 || ascii(b, 12, 4) !== 'IHDR') return null
  return { width: u32be(b, 16), height: u32be(b, 20) }
}

function gifSize(b: Uint8Array): PictureSize | null {
  return b.length < 10 ? null : { width: u16le(b, 6), height: u16le(b, 8) }
}

/** Start-of-frame markers carry the size: C0–CF except DHT (C4), JPG (C8) and DAC (CC). */
const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc

function jpegSize(b: Uint8Array): PictureSize | null {
  let at = 2
  while (at + 3 < b.length) {
    if (b[at] !== 0xff) return null
    const marker = b[at + 1]
    if (marker === 0xff) {
      at += 1
      continue
    } // fill byte
    // Markers without a length: TEM, RST0–7, SOI.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at += 2
      continue
    }
    if (marker === 0xd9 || marker === 0xda) return null // end of image or scan data before any frame header
    const length = u16be(b, at + 2)
    if (length < 2) return null
    if (isSof(marker)) return at + 8 < b.length ? { height: u16be(b, at + 5), width: u16be(b, at + 7) } : null
    at += 2 + length
  }
  return null
}

const SIZE_OF: Record<PictureMime, (b: Uint8Array) => PictureSize | null> = {
  'image/png': pngSize,
  'image/gif': gifSize,
  'image/jpeg': jpegSize,
}

/** The picture's width and height from its header, or null when the header cannot be read. */
export function pictureSize(bytes: Uint8Array, mime: PictureMime): PictureSize | null {
  const size = SIZE_OF[mime](bytes)
  return size && size.width > 0 && size.height > 0 ? size : null
}

/** The extension of a file name, lower case ('' when it has none). */
export const extensionOf = (filename: string) => (/\.([^./\\]+)$/.exec(filename)?.[1] ?? '').toLowerCase()
