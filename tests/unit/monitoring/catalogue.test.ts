import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { i18n } from '../../../src/app/i18n/i18n'
import { MULTI_ACTIONS } from '../../../src/monitoring/actions/requests'
import { HOST_TABS, RESOURCE_TABS } from '../../../src/monitoring/links'
import { SEARCH_TYPES } from '../../../src/shared/api/search'

const MONITORING = join(import.meta.dirname, '../../../src/monitoring')
// Timeline and graphs have their own owner and test.
const OTHERS = new Set(['timeline', 'graphs'])
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? OTHERS.has(e.name)
        ? []
        : sources(join(dir, e.name))
      : /\.tsx?$/.test(e.name)
        ? [readFileSync(join(dir, e.name), 'utf8')]
        : [],
  )

describe('every text of the monitoring screens is in the catalogue (DESIGN.md)', () => {
  it('has every literal monitoring.* key the screens use', () => {
    const keys = new Set(sources(MONITORING).flatMap((text) => [...text.matchAll(/'(monitoring\.[\w.]+)'/g)].map((m) => m[1])))
    expect(keys.size).toBeGreaterThan(40)
    for (const key of keys) expect(i18n.exists(key) || i18n.exists(`${key}_other`), key).toBe(true)
  })

  it('has the keys the screens build from lists', () => {
    const built = [
      ...MULTI_ACTIONS.map((a) => `monitoring.multi.rejected.${a}`),
      ...HOST_TABS.map((tab) => `monitoring.tabs.${tab}`),
      ...RESOURCE_TABS.map((tab) => `monitoring.tabs.${tab}`),
      ...SEARCH_TYPES.map((type) => `monitoring.search.types.${type}`),
      ...['status', 'resources', 'timeline', 'graphs', 'assets'].map((j) => `monitoring.jumpTo.${j}`),
      ...['host', 'resource_check'].map((type) => `monitoring.problems.types.${type}`),
      ...['monitoringIp', 'description', 'stateDetails', 'parents', 'children', 'extendedOutput', 'lastCheck', 'nextCheck', 'age'].map(
        (f) => `monitoring.details.${f}`,
      ),
    ]
    for (const key of built) expect(i18n.exists(key), key).toBe(true)
  })

  it('words the SPEC §5 search messages', () => {
    expect(i18n.t('monitoring.search.nothing')).toBe('Nothing matched your search criteria.')
    expect(i18n.t('monitoring.multi.rejected.create_ticket')).toBe('This row cannot have a ticket added.')
  })
})
