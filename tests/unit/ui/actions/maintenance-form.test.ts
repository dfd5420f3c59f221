import { describe, expect, it } from 'vitest'
import {
  defaultMaintenanceDraft,
  DURATION_REQUIRED,
  END_BEFORE_START,
  maintenanceRange,
  NEXT_INVALID,
  parseMinutes,
  RANGE_REQUIRED,
  showsSetToHost,
  START_IN_PAST,
  validateMaintenance,
  type MaintenanceDraft,
} from '../../../../src/ui/actions/maintenance-form'
import { i18n } from '../../../../src/app/i18n/i18n'

const now = new Date(2025, 5, 10, 14, 7, 30)
const unix = (d: Date) => Math.floor(d.getTime() / 1000)
const host = { host_id: 1, host_name: 'web01' }
const resource = { host_id: 1, host_name: 'web01', resource_id: 11, resource_name: 'disk' }
const draft = (partial: Partial<MaintenanceDraft>): MaintenanceDraft => ({
  ...defaultMaintenanceDraft(now),
  comment: 'patching',
  ...partial,
})

describe('maintenance form (SPEC §2 Maintenance form, §5 Maintenance, §3 payload)', () => {
  it('defaults to a time range from the current minute to two hours ahead', () => {
    const d = defaultMaintenanceDraft(now)
    expect(d.mode).toBe('timerange')
    expect(d.start).toEqual(new Date(2025, 5, 10, 14, 7))
    expect(d.end).toEqual(new Date(2025, 5, 10, 16, 7))
    expect(d.comment).toBe('')
  })

  it('builds the SPEC §3 payload for a host: on the host, duration of the fixed range in seconds', () => {
    const outcome = validateMaintenance(draft({ comment: '  patching  ' }), [host], now)
    expect(outcome).toEqual({
      ok: true,
      payloads: [
        {
          host_id: 1,
          host_name: 'web01',
          start_time: unix(new Date(2025, 5, 10, 14, 7)),
          end_time: unix(new Date(2025, 5, 10, 16, 7)),
          comment: 'patching',
          is_flexible: false,
          duration: 7200,
          set_to_host_checkbox: true,
        },
      ],
    })
  })

  it('requires a comment ("validation_failed")', () => {
    expect(validateMaintenance(draft({ comment: '   ' }), [host], now)).toEqual({
      ok: false,
      errors: { comment: 'ui.actions.commentRequired' },
    })
  })

  it('next mode: N minutes from now; the value must be a positive integer', () => {
    const outcome = validateMaintenance(draft({ mode: 'next', next: '30' }), [host], now)
    expect(outcome.ok && outcome.payloads[0]).toMatchObject({
      start_time: unix(now),
      end_time: unix(now) + 1800,
      duration: 1800,
      is_flexible: false,
    })
    for (const bad of ['', '0', '-5', '1.5', 'abc', '1e3']) {
      expect(validateMaintenance(draft({ mode: 'next', next: bad }), [host], now), bad).toEqual({
        ok: false,
        errors: { next: NEXT_INVALID },
      })
    }
    expect(i18n.t(NEXT_INVALID)).toBe('The "next" value is invalid. It has to be a positive integer value.')
  })

  it('flexible mode: the duration is required, entered in minutes and sent in seconds', () => {
    expect(validateMaintenance(draft({ mode: 'flexible', duration: '' }), [host], now)).toEqual({
      ok: false,
      errors: { duration: DURATION_REQUIRED },
    })
    expect(i18n.t(DURATION_REQUIRED)).toBe('Duration is required for flexible maintenance.')
    const outcome = validateMaintenance(draft({ mode: 'flexible', duration: '45' }), [host], now)
    expect(outcome.ok && outcome.payloads[0]).toMatchObject({ is_flexible: true, duration: 2700 })
  })

  it('ignores the duration unless flexible', () => {
    const outcome = validateMaintenance(draft({ duration: 'nonsense' }), [host], now)
    expect(outcome.ok && outcome.payloads[0].duration).toBe(7200)
  })

  it('refuses a start before the current minute, and an end not after the start', () => {
    const earlier = new Date(2025, 5, 10, 14, 6, 59)
    expect(validateMaintenance(draft({ start: earlier }), [host], now)).toEqual({ ok: false, errors: { start: START_IN_PAST } })
    expect(validateMaintenance(draft({ start: new Date(2025, 5, 10, 14, 7, 0) }), [host], now).ok).toBe(true)
    const start = new Date(2025, 5, 10, 15, 0)
    expect(validateMaintenance(draft({ start, end: start }), [host], now)).toEqual({ ok: false, errors: { end: END_BEFORE_START } })
  })

  it('requires both ends of the range', () => {
    expect(validateMaintenance(draft({ start: null, end: null }), [host], now)).toEqual({
      ok: false,
      errors: { start: RANGE_REQUIRED, end: RANGE_REQUIRED },
    })
    expect(maintenanceRange(draft({ start: null }), now)).toBeNull()
  })

  it('reports every invalid field at once', () => {
    const outcome = validateMaintenance(draft({ mode: 'flexible', duration: '0', comment: '' }), [host], now)
    expect(outcome).toEqual({ ok: false, errors: { duration: DURATION_REQUIRED, comment: 'ui.actions.commentRequired' } })
  })

  it('for a resource, schedules on the resource unless applied to the host', () => {
    const own = validateMaintenance(draft({}), [resource], now)
    expect(own.ok && own.payloads[0]).toMatchObject({ resource_id: 11, resource_name: 'disk', set_to_host_checkbox: false })
    const onHost = validateMaintenance(draft({ setToHost: true }), [resource], now)
    expect(onHost.ok && onHost.payloads[0]).toMatchObject({ host_id: 1, set_to_host_checkbox: true })
  })

  it('shows the apply-to-host checkbox only for resources; a host is always on the host', () => {
    expect(showsSetToHost([resource])).toBe(true)
    expect(showsSetToHost([host])).toBe(false)
    expect(showsSetToHost([host, resource])).toBe(false)
    const outcome = validateMaintenance(draft({ setToHost: false }), [host], now)
    expect(outcome.ok && outcome.payloads[0].set_to_host_checkbox).toBe(true)
  })

  it('makes one payload per selected row (SPEC §7 multi-row), one per host when resources go to their host', () => {
    const many = [host, { host_id: 2, host_name: 'db01' }]
    const outcome = validateMaintenance(draft({}), many, now)
    expect(outcome.ok && outcome.payloads.map((p) => [p.host_name, p.multi])).toEqual([
      ['web01', true],
      ['db01', true],
    ])
    const resources = [
      resource,
      { ...resource, resource_id: 12, resource_name: 'cpu' },
      { host_id: 2, host_name: 'db01', resource_id: 21, resource_name: 'disk' },
    ]
    const onHosts = validateMaintenance(draft({ setToHost: true }), resources, now)
    expect(onHosts.ok && onHosts.payloads.map((p) => p.host_id)).toEqual([1, 2])
    const oneHost = validateMaintenance(draft({ setToHost: true }), resources.slice(0, 2), now)
    expect(oneHost.ok && oneHost.payloads).toHaveLength(1)
    expect(oneHost.ok && oneHost.payloads[0].multi).toBeUndefined()
  })

  it('reads minutes as positive whole numbers only', () => {
    expect(parseMinutes(' 15 ')).toBe(15)
    expect(parseMinutes('0')).toBeNull()
    expect(parseMinutes('99999999999999999999')).toBeNull()
  })
})
