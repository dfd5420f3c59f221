import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigation } from 'react-router'
import { SLOW_LOAD_NOTICE_S } from '../../shared/constants'

/** True once `active` has stayed true for SPEC §9's slow-load time (5 s). */
export function useSlowAfter(active: boolean, seconds = SLOW_LOAD_NOTICE_S): boolean {
  const [slow, setSlow] = useState(false)
  useEffect(() => {
    if (!active) {
      setSlow(false)
      return
    }
    const timer = setTimeout(() => setSlow(true), seconds * 1000)
    return () => clearTimeout(timer)
  }, [active, seconds])
  return slow
}

export interface SlowLoadTextProps {
  active: boolean
}

export function SlowLoadText({ active }: SlowLoadTextProps) {
  const { t } = useTranslation()
  const slow = useSlowAfter(active)
  if (!slow) return null
  return (
    <div
      role="status"
      className="alert alert-info position-fixed bottom-0 start-50 translate-middle-x mb-3 shadow-sm"
      style={{ zIndex: 1090 }}
    >
      {t('app.slowLoad')}
    </div>
  )
}

/** SPEC §4 route guard 6: "A slow-load notice appears after 5 s" while a navigation loads. */
export function SlowLoadNotice() {
  const navigation = useNavigation()
  return <SlowLoadText active={navigation.state !== 'idle'} />
}
