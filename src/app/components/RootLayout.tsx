import { Outlet } from 'react-router'
import { useVersionPolling } from '../version/use-version-polling'
import { MessageArea } from './MessageArea'
import { SlowLoadNotice } from './SlowLoadNotice'

/** Around every route, public or protected: messages, slow-load notice and version polling (SPEC §4). */
export function RootLayout() {
  useVersionPolling()
  return (
    <>
      <Outlet />
      <MessageArea />
      <SlowLoadNotice />
    </>
  )
}
