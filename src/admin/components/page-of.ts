import { useState } from 'react'

/** A list's page, back to 1 whenever its filter changes (the list then starts again). */
export function usePageOf(rules: unknown): [number, (page: number) => void] {
  const filterKey = JSON.stringify(rules)
  const [paging, setPaging] = useState({ filterKey, page: 1 })
  const page = paging.filterKey === filterKey ? paging.page : 1
  return [page, (next) => setPaging({ filterKey, page: next })]
}
