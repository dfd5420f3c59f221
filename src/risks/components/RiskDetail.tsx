import { Fragment, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Risk } from '../../shared/api/risks'
import { formatDateTime, Modal } from '../../ui'
import { useRisk } from '../api'
import { RiskTickets } from './RiskTickets'
import { SeverityBadge } from './SeverityBadge'

const when = (unix: number | null) => (unix === null ? null : formatDateTime(new Date(unix * 1000)))
/** A reference is a link only when it is http(s): report text is outside data, never a `javascript:` link. */
const isWebLink = (text: string) => /^https?:\/\/\S+$/i.test(text)

/** SPEC §3 Risk detail labels, in the SPEC's order; "proposed solution" is the `solution` field, shown once. */
function detailRows(risk: Risk, t: (key: string) => string): [string, ReactNode][] {
  const list = (items: string[]) => (items.length ? items.join(', ') : null)
  return [
    ['pluginName', `${risk.plugin_name} (${risk.plugin_id})`],
    ['riskFactor', risk.risk_factor || null],
    ['synopsis', risk.synopsis || null],
    ['solution', risk.solution || null],
    ['pluginOutput', risk.plugin_output ? <pre className="mb-0 text-wrap">{risk.plugin_output}</pre> : null],
    ['pluginDescription', risk.description || null],
    [
      'externalReferences',
      risk.external_references.length ? (
        <ul className="list-unstyled mb-0">
          {risk.external_references.map((ref) => (
            <li key={ref} className="text-break">
              {isWebLink(ref) ? (
                <a href={ref} target="_blank" rel="noopener noreferrer">
                  {ref}
                </a>
              ) : (
                ref
              )}
            </li>
          ))}
        </ul>
      ) : null,
    ],
    ['cvss', risk.cvss === null ? null : String(risk.cvss)],
    ['cve', list(risk.cve)],
    ['cwe', list(risk.cwe)],
    ['firstDetected', when(risk.first_detected)],
    ['lastScan', when(risk.last_scan)],
    ['dateVerified', when(risk.date_verified)],
    ['affectedSoftware', risk.affected_software || null],
    ['detectionMethod', risk.detection_method || null],
    ['solutionType', risk.solution_type ? t(`risks.solutionTypes.${risk.solution_type}`) : null],
  ]
}

export interface RiskDetailProps {
  id: number
  onClose(): void
}

/** SPEC §2 "per-item details and tickets": one risk's SPEC §3 detail fields and its tickets. */
export function RiskDetail({ id, onClose }: RiskDetailProps) {
  const { t } = useTranslation()
  const risk = useRisk(id).data
  const title = risk ? t('risks.detail.title', { plugin: risk.plugin_name, host: risk.host_name }) : t('risks.detail.loading')
  return (
    <Modal title={title} onClose={onClose} size="lg">
      {risk && (
        <>
          <p className="d-flex flex-wrap align-items-center gap-2">
            <SeverityBadge severity={risk.severity} />
            <span>{risk.hostgroup_alias}</span>
            <span className="text-body-secondary">
              {risk.port ? t('risks.port', { port: risk.port, protocol: risk.protocol }) : t('risks.wholeHost')}
            </span>
          </p>
          <dl className="row mb-0">
            {detailRows(risk, t).map(([key, value]) => (
              <Fragment key={key}>
                <dt className="col-sm-4">{t(`risks.detail.${key}`)}</dt>
                <dd className="col-sm-8 text-break" style={{ whiteSpace: 'pre-wrap' }}>
                  {value ?? <span className="text-body-secondary">{t('risks.detail.none')}</span>}
                </dd>
              </Fragment>
            ))}
          </dl>
          <RiskTickets risk={risk} onClose={onClose} />
        </>
      )}
    </Modal>
  )
}
