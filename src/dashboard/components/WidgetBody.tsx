import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

export interface WidgetBodyProps<T> {
  query: { data: T | undefined; isError: boolean }
  children(data: T): ReactNode
}

/** A widget's data, or while there is none yet its loading or failure line (kept data stays shown on a failed refresh). */
export function WidgetBody<T>({ query, children }: WidgetBodyProps<T>) {
  const { t } = useTranslation()
  if (query.data !== undefined) return <>{children(query.data)}</>
  return <p className="small text-body-secondary mb-0">{t(query.isError ? 'dashboard.widget.failed' : 'dashboard.widget.loading')}</p>
}
