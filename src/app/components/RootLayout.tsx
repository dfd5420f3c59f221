import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet } from 'react-router'
import { ignoreUnsupportedWarning, unsupportedBrowser, unsupportedWarningIgnored } from '../client-reports'
import { showMessage } from '../shell/messages'
import { useVersionPolling } from '../version/use-version-polling'
import { MessageArea } from './MessageArea'
import { SlowLoadNotice } from './SlowLoadNotice'

/** SPEC §8 "Client messages": the unsupported-browser (old IE) warning, until the person ignores it. */
function useUnsupportedBrowserWarning() {
  const { t } = useTranslation()
  useEffect(() => {
    if (!unsupportedBrowser() || unsupportedWarningIgnored()) return
    showMessage({
      variant: 'warning',
      key: 'app.unsupportedBrowser',
      text: t('app.errors.unsupportedBrowser'),
      actions: [{ label: t('app.errors.ignore'), onClick: () => ignoreUnsupportedWarning() }],
    })
  }, [t])
}

/** Around every route, public or protected: messages, slow-load notice, version polling (SPEC §4) and the browser warning. */
export function RootLayout() {
  useVersionPolling()
  useUnsupportedBrowserWarning()
  return (
    <>
      <Outlet />
      <MessageArea />
      <SlowLoadNotice />
    </>
  )
}
