/**
 * Issue 15 Settings (SPEC §2 /admin/{organization}/settings/…) besides thresholds (thresholds.ts): risk scan
 * options, SPEC §3 label types and host labels (SPEC §5 Labels). Paths:
 *   GET|PUT organizations/:id/settings/thresholds     OrganizationThresholds (host_write, SPEC §6)
 *   GET|PUT organizations/:id/settings/risks          RiskOptions (host_write, as scan imports)
 *   GET|PUT organizations/:id/settings/services       OrganizationServices (host_write, as thresholds)
 *   GET|POST organizations/:id/label-types            LabelType list / create (host_write)
 *   DELETE label-types/:id
 *   PUT|DELETE hosts/:id/labels/:name                 body {value}; → the host's labels (host_write)
 */
import { z } from 'zod'
import { RiskSeverity } from './risks'
import { HOST_TYPE_NAMES, isHostType } from '../host-types'
import { typeCheckSlugs } from '../host-tags'

/** Scan options applied where a scan is imported (store/risk-scans.ts importScan). */
export const RiskOptions = z.object({
  /** findings below this severity are not imported */
  minimum_severity: RiskSeverity.default('info'),
  /** keep findings on report hosts matching no host of the environment (with host_id null) */
  keep_unmatched_hosts: z.boolean().default(true),
})
export type RiskOptions = z.infer<typeof RiskOptions>

/**
 * SPEC §2 settings/services: the checks each host type brings by itself (host-types.ts, by checkSlug) that the
 * organization's new hosts do not bring; a type not named brings all of them. An unknown type is
 * invalid_host_type, a check the type does not bring validation_failed naming it.
 */
export const OrganizationServices = z
  .object({ disabled_checks: z.record(z.string().max(64), z.array(z.string().max(100)).max(50)).default({}) })
  .superRefine((value, ctx) => {
    for (const [hosttype, slugs] of Object.entries(value.disabled_checks)) {
      if (!isHostType(hosttype)) {
        ctx.addIssue({
          code: 'custom',
          path: ['disabled_checks', hosttype],
          message: 'unknown host type',
          params: { key: 'invalid_host_type' },
        })
        continue
      }
      const known = typeCheckSlugs(hosttype)
      slugs.forEach((slug, i) => {
        if (!known.includes(slug))
          ctx.addIssue({ code: 'custom', path: ['disabled_checks', hosttype, i], message: `${hosttype} brings ${known.join(', ')}` })
      })
    }
  })
export type OrganizationServices = z.infer<typeof OrganizationServices>

/** One spelling of a services setting: types in catalogue order, their checks in the type's order, none empty. */
export function normalizeServices(value: OrganizationServices): OrganizationServices {
  const disabled_checks: Record<string, string[]> = {}
  for (const hosttype of HOST_TYPE_NAMES) {
    const off = value.disabled_checks[hosttype] ?? []
    const slugs = typeCheckSlugs(hosttype).filter((s) => off.includes(s))
    if (slugs.length) disabled_checks[hosttype] = slugs
  }
  return { disabled_checks }
}

export const LABEL_DATA_TYPES = ['none', 'string', 'number', 'list'] as const
export type LabelDataType = (typeof LABEL_DATA_TYPES)[number]

/**
 * SPEC §5 Labels: alphanumerics, dots, dashes and forward slashes, as in {org}.test/label.name,
 * {org}.anything.here/na-me, label-name or {org}/name: an optional prefix and a name, each starting and ending
 * with a letter or digit.
 */
const PART = '[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?'
const LABEL_NAME = new RegExp(`^(?:${PART}/)?${PART}$`)
export const isValidLabelName = (name: string) => name.length <= 100 && LABEL_NAME.test(name)
export const LabelName = z.string().refine(isValidLabelName, { message: 'invalid label name', params: { key: 'invalid_label_name' } })

export const LabelType = z.object({
  id: z.number().int(),
  organization_id: z.number().int(),
  name: z.string(),
  data_type: z.enum(LABEL_DATA_TYPES),
})
export type LabelType = z.infer<typeof LabelType>
export const LabelTypeBody = z.object({ name: LabelName, data_type: z.enum(LABEL_DATA_TYPES) })
export type LabelTypeBody = z.infer<typeof LabelTypeBody>

/** Why `value` does not fit a label of `type`, or null when it does (SPEC §5 "Please enter a value"). */
export function labelValueProblem(type: LabelDataType, value: string): 'value_required' | 'value_not_number' | 'value_not_allowed' | null {
  const v = value.trim()
  if (type === 'none') return v === '' ? null : 'value_not_allowed'
  if (v === '') return 'value_required'
  if (type === 'number' && !Number.isFinite(Number(v))) return 'value_not_number'
  if (type === 'list' && v.split(',').some((item) => item.trim() === '')) return 'value_required'
  return null
}

export const HostLabelParams = z.object({ id: z.coerce.number().int().positive(), name: z.string().max(100) })
export const HostLabelBody = z.object({ value: z.string().max(1000).default('') })
export const HostLabels = z.record(z.string(), z.string())
