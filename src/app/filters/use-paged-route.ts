/**
 * A list's page and sort kept in the hash route (`?page=&order=`), so a link reproduces the screen. A new sort
 * starts at page 1; the route's other parameters (the filter panel's, an open dialog) stay.
 */
import { useSearchParams } from 'react-router'
import { fromOrderParam, toOrderParam, type SortState } from '../../ui'

export function usePagedRoute() {
  const [search, setSearch] = useSearchParams()
  const page = Math.max(1, Number(search.get('page')) || 1)
  const sort = fromOrderParam(search.get('order'))
  const go = (change: { page?: number; sort?: SortState | null }) => {
    const next = new URLSearchParams(search)
    const nextSort = change.sort === undefined ? sort : change.sort
    const nextPage = change.sort !== undefined ? 1 : (change.page ?? page)
    if (nextSort) next.set('order', toOrderParam(nextSort)!)
    else next.delete('order')
    if (nextPage > 1) next.set('page', String(nextPage))
    else next.delete('page')
    setSearch(next)
  }
  return { page, sort, go }
}
