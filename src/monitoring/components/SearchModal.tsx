import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useCurrentUser } from '../../app/api'
import { SEARCH_THROTTLE_MS } from '../../shared/constants'
import { SEARCH_TYPES, type SearchType } from '../../shared/api/search'
import { Modal } from '../../ui'
import { useSearch } from '../api'
import { searchText } from '../search'
import { environmentFilterIds } from '../../shared/environment-filter'
import { SearchResults } from './SearchResults'

/** The latest value at most once per `ms`, the last one always arriving (SPEC §5 "Input is throttled to 300 ms"). */
export function useThrottledValue<T>(value: T, ms: number): T {
  const [shown, setShown] = useState(value)
  const last = useRef(0)
  useEffect(() => {
    const wait = Math.max(0, last.current + ms - Date.now())
    const timer = setTimeout(() => {
      last.current = Date.now()
      setShown(value)
    }, wait)
    return () => clearTimeout(timer)
  }, [value, ms])
  return shown
}

export interface SearchModalProps {
  onClose(): void
}

/**
 * SPEC §2 "Search modal" and §5 "Search": one input (trimmed, 2 to 254 characters, throttled 300 ms), a
 * warning while the environment filter narrows the results, tabs host / resource / map / environment with
 * count badges, the limit message and "Nothing matched your search criteria.".
 */
export function SearchModal({ onClose }: SearchModalProps) {
  const { t } = useTranslation()
  const id = useId()
  const user = useCurrentUser()
  const input = useRef<HTMLInputElement>(null)
  const [text, setText] = useState('')
  const [tab, setTab] = useState<SearchType>('host')
  const typed = searchText(text)
  const sent = useThrottledValue(typed.query, SEARCH_THROTTLE_MS)
  const environments = environmentFilterIds(user)
  const result = useSearch(sent, environments.join(','))
  const data = typed.query === null ? undefined : result.data
  const panel = useRef<HTMLDivElement>(null)
  const anyHits = SEARCH_TYPES.some((type) => (data?.total_per_type[type] ?? 0) > 0)

  // Issue 17: each new answer opens its first tab with hits.
  const [answered, setAnswered] = useState<typeof data>(undefined)
  if (data !== answered) {
    setAnswered(data)
    const first = SEARCH_TYPES.find((type) => (data?.total_per_type[type] ?? 0) > 0)
    if (first) setTab(first)
  }

  /** Issue 17: arrows move between the input and the hits' links; Enter follows the focused one (in the input: the first). */
  const onKeyDown = (e: KeyboardEvent) => {
    const links = [...(panel.current?.querySelectorAll<HTMLAnchorElement>('a[data-search-hit]') ?? [])]
    const stops: HTMLElement[] = [input.current!, ...links]
    const at = stops.indexOf(document.activeElement as HTMLElement)
    if (e.key === 'Enter' && at === 0 && links.length) {
      e.preventDefault()
      links[0].click()
    } else if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && at >= 0) {
      e.preventDefault()
      stops[Math.min(stops.length - 1, Math.max(0, at + (e.key === 'ArrowDown' ? 1 : -1)))].focus()
    }
  }

  // The dialog takes focus when it opens; the input is where the person types.
  useEffect(() => {
    const frame = requestAnimationFrame(() => input.current?.focus())
    return () => cancelAnimationFrame(frame)
  }, [])

  return (
    <Modal title={t('monitoring.search.title')} onClose={onClose} size="xl">
      {/* Arrow keys and Enter of the search's own input and links (the keys reach here from them). */}
      <div onKeyDown={onKeyDown}>
        {environments.length > 0 && (
          <div className="alert alert-warning py-2" role="status">
            {t('monitoring.search.environmentWarning')}
          </div>
        )}
        <div className="mb-3">
          <label htmlFor={`${id}-input`} className="form-label">
            {t('monitoring.search.label')}
          </label>
          <input
            ref={input}
            id={`${id}-input`}
            type="search"
            className={`form-control${typed.tooShortOrLong ? ' is-invalid' : ''}`}
            value={text}
            aria-describedby={typed.tooShortOrLong ? `${id}-length` : undefined}
            onChange={(e) => setText(e.target.value)}
          />
          {typed.tooShortOrLong && (
            <div id={`${id}-length`} className="invalid-feedback">
              {t('monitoring.search.length')}
            </div>
          )}
        </div>
        <div role="tablist" aria-label={t('monitoring.search.tabs')} className="nav nav-tabs mb-2">
          {SEARCH_TYPES.map((type) => (
            <button
              key={type}
              type="button"
              role="tab"
              id={`${id}-tab-${type}`}
              aria-selected={tab === type}
              aria-controls={`${id}-panel`}
              className={`nav-link${tab === type ? ' active' : ''}`}
              onClick={() => setTab(type)}
            >
              {t(`monitoring.search.types.${type}`)}
              <span className="badge text-bg-secondary ms-1">{data?.total_per_type[type] ?? 0}</span>
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tab}`} ref={panel}>
          {typed.query !== null && data && (
            <SearchResults
              type={tab}
              bucket={data.result.aggregations.grouping.buckets.find((b) => b.key === tab)}
              onJump={onClose}
              anyHits={anyHits}
            />
          )}
          {typed.query !== null && !data && (
            <p className="text-body-secondary" role="status">
              {t('ui.table.loading')}
            </p>
          )}
        </div>
      </div>
    </Modal>
  )
}
