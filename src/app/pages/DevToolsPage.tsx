import { useTranslation } from 'react-i18next'
import { ApiReference } from '../devtools/ApiReference'

/** SPEC §2 /dev/tools (also ctrl+alt+d); SPEC §1 devtool module, its own chunk. Holds the API reference. */
export function DevToolsPage() {
  const { t } = useTranslation()
  return (
    <div>
      <h1 className="h3">{t('app.screens.devTools')}</h1>
      <ApiReference />
    </div>
  )
}
