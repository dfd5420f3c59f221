/**
 * The `lazy` of a route whose page loads on first visit (SPEC §1: modules load on demand). The page's module and
 * the texts it needs load together, and both are awaited before the page renders, so no screen shows a bare key.
 * Features whose texts are in the core catalogue (login, admin …) pass none.
 */
import type { ComponentType } from 'react'

export const lazyPage =
  <K extends string, M extends Record<K, ComponentType>>(load: () => Promise<M>, name: K, texts?: () => Promise<unknown>) =>
  async () => {
    const [page] = await Promise.all([load(), texts?.()])
    return { Component: page[name] }
  }
