/**
 * A timeline's page and quick filters live in the hash route, so that a link reproduces the screen
 * (STYLE.md): the page in the SPEC §2 path form `/page={page}` (the route's `*`), the filters switched
 * off in `?hide=soft_state,downtime`.
 */
import { useNavigate, useParams, useSearchParams } from 'react-router'
import { parseTablePath } from '../table-path'
import { TIMELINE_FILTERS } from './timeline-model'

/** `basePath` is the timeline's path without the page, e.g. `/monitoring/timeline`. */
export function useTimelineUrlState(basePath: string) {
  const navigate = useNavigate()
  const splat = useParams()['*'] ?? ''
  const [search] = useSearchParams()
  const page = parseTablePath(splat.split('/'))?.page ?? 1
  const hidden = (search.get('hide') ?? '').split(',').filter((k) => (TIMELINE_FILTERS as readonly string[]).includes(k))
  const go = (nextPage: number, nextHidden: readonly string[]) => {
    const query = nextHidden.length ? `?hide=${nextHidden.join(',')}` : ''
    void navigate(`${basePath}${nextPage > 1 ? `/page=${nextPage}` : ''}${query}`)
  }
  return {
    page,
    hidden,
    onPageChange: (p: number) => go(p, hidden),
    // A different filter shows different events: back to page 1.
    onHiddenChange: (h: string[]) => go(1, h),
  }
}
