import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { i18n } from '../../../src/app/i18n/i18n'
import { OPERATORS } from '../../../src/shared/filter'
import { MAINTENANCE_MODES } from '../../../src/ui/actions/maintenance-form'
import { AGE_UNITS } from '../../../src/ui/decorations/age'

const UI = join(import.meta.dirname, '../../../src/ui')
// The widgets of issue 4; timeline and graph widgets have their own owner.
const WIDGET_DIRS = ['table', 'filter', 'date', 'actions', 'decorations']
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [readFileSync(join(dir, e.name), 'utf8')] : [],
  )

describe('every text of the shared widgets is in the catalogue (DESIGN.md: every string through the catalogue)', () => {
  it('has every literal ui.* key the widgets use', () => {
    const files = [...WIDGET_DIRS.flatMap((d) => sources(join(UI, d))), readFileSync(join(UI, 'ChipList.tsx'), 'utf8')]
    const keys = new Set(files.flatMap((text) => [...text.matchAll(/'(ui\.[\w.]+)'/g)].map((m) => m[1])))
    expect(keys.size).toBeGreaterThan(50)
    for (const key of keys) expect(i18n.exists(key), key).toBe(true)
  })

  it('has the keys the widgets build from lists', () => {
    const built = [
      ...OPERATORS.map((op) => `ui.filter.conditions.${op}`),
      ...['unparseable', 'statusFilterRemoved', 'notLoadable'].map((n) => `ui.filter.notices.${n}`),
      ...['fillAllRules', 'cantDeleteLast'].map((m) => `ui.filter.messages.${m}`),
      ...['copied', 'failed', 'tooLong'].map((o) => `ui.filter.copyOutcome.${o}`),
      ...['required', 'invalid'].map((e) => `ui.filter.saved.nameErrors.${e}`),
      ...MAINTENANCE_MODES.map((m) => `ui.maintenance.modes.${m}`),
      ...AGE_UNITS.map(([unit]) => `ui.age.${unit}`),
      ...['maintenance', 'stale', 'flapping', 'acknowledgement', 'ticket'].map((d) => `ui.decorations.${d}`),
      ...[
        'view_ticket',
        'view_acknowledgement',
        'create_ticket',
        'add_acknowledgement',
        'view_scheduled_downtime',
        'schedule_downtime',
      ].map((a) => `ui.actions.labels.${a}`),
      ...['up', 'down', 'unreachable', 'pending', 'offline', 'ok', 'warning', 'critical', 'unknown', 'hard', 'soft'].map(
        (s) => `ui.states.${s}`,
      ),
      ...['first', 'previous', 'next', 'last'].map((s) => `ui.table.pagination.${s}`),
      ...['status', 'group', 'assignee', 'priority', 'urgency', 'provider', 'description', 'details'].map((f) => `ui.ticket.fields.${f}`),
    ]
    for (const key of built) expect(i18n.exists(key), key).toBe(true)
  })

  it('words the SPEC §5 filter messages exactly', () => {
    expect(i18n.t('ui.filter.messages.fillAllRules')).toBe('Please fill all rules')
    expect(i18n.t('ui.filter.messages.cantDeleteLast')).toBe("Can't delete last rule.")
    expect(i18n.t('ui.filter.notices.unparseable')).toBe('Unable to parse filter. Filter not applied.')
    expect(i18n.t('ui.filter.notices.statusFilterRemoved')).toBe(
      'The status filter has been removed in favor of quickfilters, please use those.',
    )
    expect(i18n.t('ui.filter.notices.notLoadable')).toBe('The requested filter could not be loaded.')
  })
})
