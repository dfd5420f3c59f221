/** SPEC §4 filter rules: report fields, the content items among them, default to equals and offer the catalogue. */
import { describe, expect, it } from 'vitest'
import { reportFilterColumns } from '../../../src/reports/filter-columns'
import { REPORT_CONTENT_NAMES } from '../../../src/shared/api/report-configurations'
import { DEFAULT_OPERATOR } from '../../../src/shared/filter'

describe('report filter columns (SPEC §4)', () => {
  const columns = reportFilterColumns((key) => key, ['Site B', 'Site A'])
  const column = (key: string) => columns.find((c) => c.key === key)!

  it('picks a content item from the catalogue, equals by default like the other report fields', () => {
    const content = column('content')
    expect(DEFAULT_OPERATOR[content.kind]).toBe('equals')
    expect(content.options?.map((o) => o.value)).toEqual(REPORT_CONTENT_NAMES)
    for (const key of ['period', 'window', 'type', 'hostgroup_alias']) expect(DEFAULT_OPERATOR[column(key).kind], key).toBe('equals')
  })

  it('keeps the title a free text, contains by default', () => {
    expect(DEFAULT_OPERATOR[column('title').kind]).toBe('contains')
  })
})
