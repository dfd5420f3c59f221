/**
 * A list's page and sort kept in the hash route, so a link reproduces the screen: the page in SPEC §2's path form
 * (`…/page=2`, "Tables support the path forms … /page={page}"), the sort in `?order=`, and its page size from
 * the `page_size` preference (SPEC §3). A new sort or page size starts at page 1; the route's other parameters
 * (the filter panel's, an open dialog) stay. `table` is the TablePanel's paging and sort, spread into it.
 */
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router'
import { DEFAULT_PAGE_SIZE } from '../../shared/constants'
import {
  formatTablePath,
  fromOrderParam,
  isTablePathSegment,
  parseTablePath,
  toOrderParam,
  type SortState,
  type TablePanelProps,
} from '../../ui'
import { usePreferences } from '../preferences'

type TablePaging = Pick<TablePanelProps<unknown>, 'page' | 'pageSize' | 'onPageChange' | 'onPageSizeChange' | 'sort' | 'onSortChange'>

export interface PagedRoute {
  /** SPEC §7 `order` of the list query. */
  order: string | undefined
  /** SPEC §7 `limit` and `offset` of the page shown. */
  range: { limit: number; offset: number }
  table: TablePaging
  /** The route's trailing `*` is not a page path form (`/maps/nonsense`): the screen shows "not found". */
  notFound: boolean
}

/** The route's path without its trailing table path segments, and the page those give. */
export function splitTablePath(pathname: string): { base: string; page: number } {
  const segments = pathname.split('/')
  let cut = segments.length
  while (cut > 1 && isTablePathSegment(segments[cut - 1])) cut--
  return { base: segments.slice(0, cut).join('/'), page: parseTablePath(segments.slice(cut))?.page ?? 1 }
}

export function usePagedRoute(): PagedRoute {
  const [search] = useSearchParams()
  const { pathname } = useLocation()
  const splat = useParams()['*'] ?? ''
  const navigate = useNavigate()
  const [preferences, setPreferences] = usePreferences()
  const { base, page } = splitTablePath(pathname)
  const pageSize = preferences?.page_size ?? DEFAULT_PAGE_SIZE
  const sort = fromOrderParam(search.get('order'))
  const go = (change: { page?: number; sort?: SortState | null }) => {
    const next = new URLSearchParams(search)
    const nextSort = change.sort === undefined ? sort : change.sort
    const nextPage = change.sort !== undefined ? 1 : (change.page ?? page)
    if (nextSort) next.set('order', toOrderParam(nextSort)!)
    else next.delete('order')
    const tail = formatTablePath({ page: nextPage })
    navigate({ pathname: tail ? `${base}/${tail}` : base, search: next.toString() })
  }
  const tablePath = parseTablePath(splat.split('/'))
  return {
    order: toOrderParam(sort),
    range: { limit: pageSize, offset: (page - 1) * pageSize },
    notFound: tablePath === null || tablePath.groupBy !== undefined,
    table: {
      page,
      pageSize,
      onPageChange: (p) => go({ page: p }),
      onPageSizeChange: (size) => {
        setPreferences({ page_size: size })
        go({ page: 1 })
      },
      sort,
      onSortChange: (s) => go({ sort: s }),
    },
  }
}
