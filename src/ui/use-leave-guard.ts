/** SPEC §5 "Unsaved changes": leaving a settings form or the map editor with unsaved changes asks for confirmation (route and tab). */
import { useEffect } from 'react'
import { useBlocker } from 'react-router'

export function useLeaveGuard(dirty: boolean, question: string) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname)
  useEffect(() => {
    if (blocker.state !== 'blocked') return
    if (window.confirm(question)) blocker.proceed()
    else blocker.reset()
  }, [blocker, question])
  useEffect(() => {
    if (!dirty) return
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault()
      e.returnValue = ''
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => window.removeEventListener('beforeunload', onBeforeUnload)
  }, [dirty])
}
