/**
 * The `lazy` of a route whose page loads on first visit (SPEC §1: modules load on demand). The page's module and
 * the texts it needs load together, and both are awaited before the page renders, so no screen shows a bare key.
 * Features whose texts are in the core catalogue (login, admin …) pass none.
 */
import type { ComponentType } from 'react'
import { CODE_CHUNK_TIMEOUT_S } from '../../shared/constants'

/** SPEC §8 "Loading failures": a code chunk fails with ChunkLoadError when missing or after 120 s (SPEC §9). */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError'
}

export function withChunkTimeout<T>(load: Promise<T>, timeoutMs = CODE_CHUNK_TIMEOUT_S * 1000): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError(`Loading chunk timed out after ${timeoutMs / 1000} s`)), timeoutMs)
  })
  return Promise.race([
    load.catch((error: unknown) => {
      throw new ChunkLoadError(error instanceof Error ? error.message : String(error))
    }),
    timeout,
  ]).finally(() => clearTimeout(timer))
}

export const lazyPage =
  <K extends string, M extends Record<K, ComponentType>>(load: () => Promise<M>, name: K, texts?: () => Promise<unknown>) =>
  async () => {
    const [page] = await withChunkTimeout(Promise.all([load(), texts?.()]))
    return { Component: page[name] }
  }
