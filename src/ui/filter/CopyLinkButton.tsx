import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { FilterTuple } from './rules'
import { fitsInLink, withFilterParam } from './url'

export interface CopyLinkButtonProps {
  filter: readonly FilterTuple[]
  /** The page's address; the current one by default. */
  href?: string
}

type Outcome = 'copied' | 'failed' | 'tooLong'

/** SPEC §2 "copy-URL action": the screen's link with the filter in `?filter=` (base64 JSON). */
export function CopyLinkButton({ filter, href }: CopyLinkButtonProps) {
  const { t } = useTranslation()
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const copy = async () => {
    if (!fitsInLink(filter)) return setOutcome('tooLong')
    try {
      await navigator.clipboard.writeText(withFilterParam(href ?? window.location.href, filter))
      setOutcome('copied')
    } catch {
      setOutcome('failed')
    }
  }
  return (
    <>
      <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => void copy()}>
        {t('ui.filter.copyLink')}
      </button>
      <span role="status" className={`small ${outcome === 'copied' ? 'text-success' : 'text-danger'}`}>
        {outcome && t(`ui.filter.copyOutcome.${outcome}`)}
      </span>
    </>
  )
}
