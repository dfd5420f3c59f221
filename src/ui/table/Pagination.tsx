import { useTexts } from '../use-texts'
import { pageNumbers, stepPage, targetPage, type PageStep } from './pagination'

export interface PaginationProps {
  page: number
  last: number
  /** Called only with a page in range that is not the current one (SPEC §5 page navigation). */
  onPageChange(page: number): void
}

const STEPS: { step: PageStep; text: string }[] = [
  { step: 'first', text: '«' },
  { step: 'previous', text: '‹' },
  { step: 'next', text: '›' },
  { step: 'last', text: '»' },
]

/** SPEC §2: first, previous, up to 5 numbered pages, next, last. */
export function Pagination({ page, last, onPageChange }: PaginationProps) {
  const t = useTexts()
  const go = (target: number | null) => {
    if (target !== null) onPageChange(target)
  }
  const stepButton = ({ step, text }: (typeof STEPS)[number]) => {
    const target = stepPage(step, page, last)
    return (
      <li key={step} className={`page-item${target === null ? ' disabled' : ''}`}>
        <button
          type="button"
          className="page-link"
          aria-label={t(`ui.table.pagination.${step}`)}
          disabled={target === null}
          onClick={() => go(target)}
        >
          {text}
        </button>
      </li>
    )
  }
  return (
    <nav aria-label={t('ui.table.pagination.label')}>
      <ul className="pagination pagination-sm mb-0">
        {STEPS.slice(0, 2).map(stepButton)}
        {pageNumbers(page, last).map((n) => (
          <li key={n} className={`page-item${n === page ? ' active' : ''}`}>
            <button
              type="button"
              className="page-link"
              aria-label={t('ui.table.pagination.page', { page: n })}
              aria-current={n === page ? 'page' : undefined}
              onClick={() => go(targetPage(n, page, last))}
            >
              {n}
            </button>
          </li>
        ))}
        {STEPS.slice(2).map(stepButton)}
      </ul>
    </nav>
  )
}
