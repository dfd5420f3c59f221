/**
 * SPEC §5 "Unsaved changes" for a settings screen holding several forms: each form reports whether it has unsaved
 * changes, and the screen keeps one leave guard (a router supports one blocker at a time) for all of them.
 */
import { createContext, useCallback, useContext, useEffect, useId, useMemo, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useLeaveGuard } from '../../ui'

const Report = createContext<(form: string, dirty: boolean) => void>(() => {})

export function UnsavedChangesGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  const [dirtyForms, setDirtyForms] = useState<ReadonlySet<string>>(new Set())
  const report = useCallback((form: string, dirty: boolean) => {
    setDirtyForms((forms) => {
      if (forms.has(form) === dirty) return forms
      const next = new Set(forms)
      if (dirty) next.add(form)
      else next.delete(form)
      return next
    })
  }, [])
  useLeaveGuard(dirtyForms.size > 0, t('admin.settings.leave'))
  return <Report.Provider value={useMemo(() => report, [report])}>{children}</Report.Provider>
}

/** Tells the screen's guard whether this form has unsaved changes (and that it has none once it is gone). */
export function useUnsavedChanges(dirty: boolean) {
  const report = useContext(Report)
  const form = useId()
  useEffect(() => {
    report(form, dirty)
    return () => report(form, false)
  }, [report, form, dirty])
}
