/**
 * SPEC §4 "Version polling": GET /version.json every 120 s (SPEC §9), uncached, errors suppressed (SPEC §7).
 * A new build reloads when the user's autoreload preference is on or the page is a fullscreen wall, else shows a persistent warning with
 * cancel and OK; the title alternates every 1 s while an update is available; maintenance → maintenance page.
 */
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { CurrentUser } from '../../shared/api/users'
import { TITLE_FLASH_MS, VERSION_CHECK_S } from '../../shared/constants'
import { currentUserKey } from '../api/current-user'
import { showMessage } from '../shell/messages'
import { queryClient } from '../api/query-client'
import { fetchVersion } from './version-client'
import { evaluateVersion, INITIAL_VERSION_STATE, isKioskUrl, maintenanceUrl, type VersionState } from './version-poll'

/** SPEC §4: the page title alternates with `text` every 1 s while `active`. */
export function useTitleFlash(active: boolean, text: string): void {
  useEffect(() => {
    if (!active) return
    const original = document.title
    let flipped = false
    const timer = setInterval(() => {
      flipped = !flipped
      document.title = flipped ? text : original
    }, TITLE_FLASH_MS)
    return () => {
      clearInterval(timer)
      document.title = original
    }
  }, [active, text])
}

export function useVersionPolling(): void {
  const { t } = useTranslation()
  const [updateAvailable, setUpdateAvailable] = useState(false)

  useEffect(() => {
    let state: VersionState = INITIAL_VERSION_STATE
    let stopped = false
    const check = async () => {
      const record = await fetchVersion()
      if (record === null || stopped) return
      const autoreload =
        isKioskUrl(window.location.href) || (queryClient.getQueryData<CurrentUser>(currentUserKey)?.preferences.autoreload ?? false)
      const result = evaluateVersion(state, record, autoreload)
      state = result.state
      if (result.action === 'maintenance') window.location.assign(maintenanceUrl(window.location.href))
      else if (result.action === 'reload') window.location.reload()
      else if (result.action === 'notify') {
        setUpdateAvailable(true)
        showMessage({
          variant: 'warning',
          key: 'app.update',
          text: t('app.update.available'),
          actions: [
            { label: t('app.messages.cancel'), onClick: () => undefined },
            { label: t('app.messages.ok'), primary: true, onClick: () => window.location.reload() },
          ],
        })
      }
    }
    void check()
    const timer = setInterval(() => void check(), VERSION_CHECK_S * 1000)
    return () => {
      stopped = true
      clearInterval(timer)
    }
  }, [t])

  useTitleFlash(updateAvailable, t('app.update.title'))
}
