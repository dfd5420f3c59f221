import { useTranslation } from 'react-i18next'
import type { Trend } from '../../shared/api/report-configurations'
import { Icon } from '../../ui'

/** SPEC §9 arrows: none, light and high, each with its direction; the rounded value beside it (badges keep each theme's contrast). */
const ARROW = {
  none: 'arrowRight',
  light_up: 'arrowUpRight',
  light_down: 'arrowDownRight',
  high_up: 'arrowUp',
  high_down: 'arrowDown',
} as const

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
    <span className={`badge ${good === null ? 'text-bg-secondary' : good ? 'text-bg-success' : 'text-bg-danger'}`} title={label}>
      <Icon name={ARROW[key]} /> <span aria-hidden="true">{trend.value ?? t('reports.trend.noValue')}</span>
      <span className="visually-hidden">{label}</span>
    </span>
  )
}
