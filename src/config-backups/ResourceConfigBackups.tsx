/**
 * The configs tab of the Config Backups resource (SPEC §2), loaded with its texts in its own chunk (SPEC §1: the
 * config-backups part loads on demand), so monitoring does not carry it nor the diff library.
 */
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import type { ConfigBackupsPanelProps } from './ConfigBackupsPanel'
import { loadConfigBackupsTexts } from './texts'

const Panel = lazy(async () => {
  const [{ ConfigBackupsPanel }] = await Promise.all([import('./ConfigBackupsPanel'), loadConfigBackupsTexts()])
  return { default: ConfigBackupsPanel }
})

export function ResourceConfigBackups(props: ConfigBackupsPanelProps) {
  const { t } = useTranslation()
  return (
    <Suspense fallback={<p className="text-body-secondary">{t('app.loading')}</p>}>
      <Panel {...props} />
    </Suspense>
  )
}
