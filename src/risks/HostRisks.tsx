/**
 * One host's risks for the monitoring host page's risks tab (SPEC §2 host tabs): the risk list, loaded with its
 * texts as the risk screens are (their own chunk), so monitoring does not carry it.
 */
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { loadRisksTexts } from './texts'

const HostRiskList = lazy(async () => {
  const [{ RiskList }] = await Promise.all([import('./pages/RisksPage'), loadRisksTexts()])
  return { default: ({ hostId }: { hostId: number }) => <RiskList hostId={hostId} /> }
})

export function HostRisks({ hostId }: { hostId: number }) {
  const { t } = useTranslation()
  return (
    <Suspense fallback={<p className="text-body-secondary">{t('app.loading')}</p>}>
      <HostRiskList hostId={hostId} />
    </Suspense>
  )
}
