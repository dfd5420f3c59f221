import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { PanelNode } from './rules'
import { fitsInLink, withFilterParam } from './url'

export interface CopyLinkButtonProps {
  filter: readonly PanelNode[]
  /** The page's address; the current one by default. */
  href?: string
}

type Outcome = 'copied' | 'failed' | 'tooLong'

/**
 * SPEC §2 "copy-URL action": the screen's link with the filter in `?filter=` (base64 JSON), and beside it the
 * readable form (the JSON list itself, issue 17).
 */
export function CopyLinkButton({ filter, href }: CopyLinkButtonProps) {
  const { t } = useTranslation()
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const copy = async (readable: boolean) => {
    if (!fitsInLink(filter, readable)) return setOutcome('tooLong')
    try {
      await navigator.clipboard.writeText(withFilterParam(href ?? window.location.href, filter, readable))
      setOutcome('copied')
    } catch {
      setOutcome('failed')
    }
  }
  return (
    <>
      <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => void copy(false)}>
        {t('ui.filter.copyLink')}
      </button>
      <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => void copy(true)}>
        {t('ui.filter.copyReadableLink')}
      </button>
      <span role="status" className={`small ${outcome === 'copied' ? 'text-success' : 'text-danger'}`}>
        {outcome && t(`ui.filter.copyOutcome.${outcome}`)}
      </span>
    </>
  )
}
