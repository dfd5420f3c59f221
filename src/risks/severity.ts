/** SPEC §4 RISK severities as the risk screens colour them; a risk group without risks is pending. */
import type { RiskSeverity } from '../shared/api/risks'

export const SEVERITY_CLASS: Record<RiskSeverity | 'pending', string> = {
  info: 'text-bg-secondary',
  low: 'text-bg-info',
  medium: 'text-bg-warning',
  high: 'text-bg-danger',
  veryhigh: 'text-bg-danger fw-bold border border-2 border-dark',
  pending: 'text-bg-light border',
}
