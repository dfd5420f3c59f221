/**
 * The host-type catalogue as people read it (GET host-types, /supported_devices, the README table): each type
 * with the checks it brings, shown for a host named `example.com`, and the option tags by what they do.
 */
import {
  ACCESS_METHODS,
  CATEGORY_ICONS,
  CHECK_MK_CHECK,
  CHECK_MK_INVENTORY_CHECK,
  HOST_TYPE_NAMES,
  HOST_TYPES,
  WINDOWS_ROLES,
} from './host-types'
import {
  AGENTLESS_CHECK_TAGS,
  CHECK_OPTION_TAGS,
  ILO_SKIP_TAG,
  NO_CHECK_PREFIX,
  NO_SNI_TAG,
  plannedChecks,
  RECORDED_ONLY_TAGS,
  STATUS_ALLOWANCE_TAGS,
  WORKING_HOST_OPTIONS,
} from './host-tags'

const SAMPLE = 'example.com'

export function hostTypeCatalogue() {
  const result = HOST_TYPE_NAMES.map((name) => {
    const def = HOST_TYPES[name]
    const checks = [
      { name: 'Host check', kind: 'ping' },
      ...plannedChecks({ hosttype: name, hostname: SAMPLE, tags: [], access_method: def.access_method }),
    ]
    return {
      name,
      category: def.category,
      icon: CATEGORY_ICONS[def.category],
      display_name: def.display_name,
      access_method: def.access_method,
      config_backup: def.config_backup,
      checks: checks.map((c) => ({ name: c.name, kind: c.kind })),
    }
  })
  return {
    result,
    totalresults: result.length,
    option_tags: {
      agentless_checks: Object.keys(AGENTLESS_CHECK_TAGS),
      status_allowances: [...STATUS_ALLOWANCE_TAGS],
      check_options: [NO_SNI_TAG, ...Object.keys(CHECK_OPTION_TAGS), ILO_SKIP_TAG, `${NO_CHECK_PREFIX}*`],
      host_options: [...WORKING_HOST_OPTIONS],
      recorded_only: [...RECORDED_ONLY_TAGS],
    },
    windows_roles: [...WINDOWS_ROLES],
    access_methods: [...ACCESS_METHODS],
  }
}

/** The README's table of host types and their checks (tests/unit/shared/host-catalogue.test.ts keeps them equal). */
export function hostTypeMarkdownTable(): string {
  const rows = hostTypeCatalogue().result.map(
    (t) =>
      `| \`${t.name}\` | ${t.display_name} | ${t.category} | ${t.access_method} | ${t.config_backup ? 'yes' : 'no'} | ${t.checks
        .map((c) => `${c.name} (${c.kind})`)
        .join(', ')} |`,
  )
  return [
    '| Host type | Display name | Category | Access method | Config backup | Checks it brings |',
    '|---|---|---|---|---|---|',
    ...rows,
    `| *any*, access method \`check_mk\` | | | check_mk | | adds ${[CHECK_MK_CHECK, CHECK_MK_INVENTORY_CHECK].map((c) => `${c.name} (${c.kind})`).join(', ')} |`,
  ].join('\n')
}
