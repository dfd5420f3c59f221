/** The configuration backups' texts: the catalogue's part loads with the configs tab. */
import { loadTexts } from '../app/i18n'

const configBackupsTexts = {
  en: () => import('../shared/i18n/en/config-backups').then(({ configBackups }) => ({ configBackups })),
  nl: () => import('../shared/i18n/nl/config-backups').then(({ configBackups }) => ({ configBackups })),
}

export const loadConfigBackupsTexts = () => loadTexts(configBackupsTexts)
