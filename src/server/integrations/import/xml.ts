/**
 * A small, ordered XML tree for importers (fast-xml-parser with preserveOrder: document order is z-order in
 * draw.io). Files come from outside: a document type declaration (entity expansion) is refused, and any
 * malformed XML is the client's SPEC §8 invalid_input, never a 500.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { ApiError } from '../../../shared/errors'

export interface XmlNode {
  tag: string
  attrs: Record<string, string>
  children: XmlNode[]
  /** The element's own text (concatenated text nodes). */
  text: string
}

/** draw.io and scan reports nest about ten deep; deeper is refused as invalid_input (issue 13: it was a 500). */
const MAX_XML_DEPTH = 64

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
  maxNestedTags: MAX_XML_DEPTH,
})

/** Numeric character references (`&#10;`, `&#xa;`), which draw.io writes for line breaks in labels. */
const decodeCharRefs = (s: string) =>
  s.replace(/&#(x[0-9a-f]+|\d+);/gi, (m, code: string) => {
    const n = code[0].toLowerCase() === 'x' ? parseInt(code.slice(1), 16) : parseInt(code, 10)
    return n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : m
  })

type Raw = Record<string, unknown> & { ':@'?: Record<string, string> }

function toNode(raw: Raw): XmlNode | null {
  const tag = Object.keys(raw).find((k) => k !== ':@')
  if (!tag || tag === '#text' || tag.startsWith('?')) return null
  const kids = (raw[tag] as Raw[]) ?? []
  const attrs = Object.fromEntries(Object.entries(raw[':@'] ?? {}).map(([k, v]) => [k, decodeCharRefs(String(v))]))
  return {
    tag,
    attrs,
    children: kids.map(toNode).filter((n): n is XmlNode => n !== null),
    text: kids
      .filter((k) => '#text' in k)
      .map((k) => decodeCharRefs(String(k['#text'])))
      .join(''),
  }
}

/** Parses a document and returns its root element. */
export function parseXml(text: string): XmlNode {
  if (/<!DOCTYPE|<!ENTITY/i.test(text))
    throw new ApiError('invalid_input', { field: 'body', reason: 'document type declarations are not accepted' })
  const valid = XMLValidator.validate(text)
  if (valid !== true) throw new ApiError('invalid_input', { field: 'body', reason: `not XML: ${valid.err.msg} (line ${valid.err.line})` })
  let parsed: Raw[]
  try {
    parsed = parser.parse(text) as Raw[]
  } catch (err) {
    // The parser's own refusals (nesting past MAX_XML_DEPTH, …) are the file's fault.
    throw new ApiError('invalid_input', { field: 'body', reason: `not readable XML: ${(err as Error).message}`, max_depth: MAX_XML_DEPTH })
  }
  const root = parsed.map(toNode).find((n): n is XmlNode => n !== null)
  if (!root) throw new ApiError('invalid_input', { field: 'body', reason: 'empty document' })
  return root
}

export const childrenNamed = (node: XmlNode, tag: string) => node.children.filter((c) => c.tag === tag)
export const childNamed = (node: XmlNode, tag: string) => node.children.find((c) => c.tag === tag)
