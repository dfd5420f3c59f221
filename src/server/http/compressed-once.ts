/**
 * Issue 19 "Fast over any link": an answer that never changes (a published map version's document, megabytes
 * for a 10,000-item wall) is compressed once per encoding, with brotli at a higher quality than the per-request
 * compression of @fastify/compress, and then sent as those bytes: a wall's open costs the server no
 * compression, and the link about a quarter fewer bytes (2.4 MB of JSON: 135 KB at quality 4, 100 KB at 5).
 */
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { negotiate } from '@fastify/accept-negotiator'
import type { FastifyReply, FastifyRequest } from 'fastify'

const ENCODINGS = ['br', 'gzip'] as const
type Encoding = (typeof ENCODINGS)[number]
const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)
// The size hint lets brotli size its window and tables for the whole text at once: a 740 KB timeline page at
// quality 4 took 3.8 instead of 6.3 ms, the same bytes (issue 20).
const brotliAt = (quality: number) => (text: string | Buffer) =>
  brotli(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: text.length } })
/** Answers compressed once and kept: a better brotli quality pays off over many sends. */
const KEPT: Record<Encoding, (text: string) => Promise<Buffer>> = { br: brotliAt(5), gzip }
/** Answers made for one request: @fastify/compress's brotli quality, in one call instead of its stream. */
const PER_REQUEST: Record<Encoding, (text: string | Buffer) => Promise<Buffer>> = { br: brotliAt(4), gzip }

/** An immutable JSON answer: its text, kept by whoever caches it (the same object for the same answer). */
export interface FixedJson {
  text: string
}

const encoded = new WeakMap<FixedJson, Partial<Record<Encoding, Promise<Buffer>>>>()

/** Sends `text` as JSON, compressed by `encode` in the encoding the client accepts (as it is when it accepts none). */
async function sendJson(req: FastifyRequest, reply: FastifyReply, text: string | Buffer, encode: (encoding: Encoding) => Promise<Buffer>) {
  reply.type('application/json; charset=utf-8').header('Vary', 'Accept-Encoding')
  const encoding = negotiate(req.headers['accept-encoding'] ?? '', [...ENCODINGS]) as Encoding | null
  if (!encoding) return reply.send(text)
  // A Content-Encoding set here tells @fastify/compress that the body is compressed already.
  return reply.header('Content-Encoding', encoding).send(await encode(encoding))
}

/** Sends `answer` compressed as the client accepts, each encoding made once per answer object. */
export function sendFixedJson(req: FastifyRequest, reply: FastifyReply, answer: FixedJson) {
  return sendJson(req, reply, answer.text, (encoding) => {
    let copies = encoded.get(answer)
    if (!copies) encoded.set(answer, (copies = {}))
    return (copies[encoding] ??= KEPT[encoding](answer.text))
  })
}

/**
 * Sends a big JSON text (or its UTF-8 bytes) made for this request (a 10,000-host map's states: 3 MB) compressed in one piece on
 * libuv's thread pool. @fastify/compress streams it through zlib in 16 KB chunks, a couple of hundred hops
 * between the event loop and the pool that took 50–600 ms a wall's first paint waited for (issue 19).
 */
export function sendJsonText(req: FastifyRequest, reply: FastifyReply, text: string | Buffer) {
  return sendJson(req, reply, text, (encoding) => PER_REQUEST[encoding](text))
}
