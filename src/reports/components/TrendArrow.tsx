import { useTranslation } from 'react-i18next'
import type { Trend } from '../../shared/api/report-configurations'

/** SPEC §9 arrows: none, light and high, each with its direction; the rounded value is the arrow's label. */
const ARROW = { none: '→', light_up: '↗', light_down: '↘', high_up: '⬆', high_down: '⬇' } as const

export interface TrendArrowProps {
  trend: Trend
  /** whether up is good (uptime) or bad (state changes): only the colour follows it */
  upIsGood: boolean
}

export function TrendArrow({ trend, upIsGood }: TrendArrowProps) {
  const { t } = useTranslation()
  const key = trend.level === 'none' ? 'none' : (`${trend.level}_${trend.direction}` as 'light_up' | 'light_down' | 'high_up' | 'high_down')
  const good = trend.direction === 'none' ? null : (trend.direction === 'up') === upIsGood
  const label = t(`reports.trend.${key}`, { value: trend.value ?? t('reports.trend.noValue') })
  return (
    <span className={good === null ? 'text-body-secondary' : good ? 'text-success' : 'text-danger'} title={label} aria-label={label}>
      <span aria-hidden="true">{ARROW[key]}</span> <span className="small">{trend.value ?? t('reports.trend.noValue')}</span>
    </span>
  )
}
