/**
 * Issue 13 "Time limits that hold": imported files are read in a worker thread with a time limit, so a file
 * that takes too long answers SPEC §8 `timeout` while the event loop stays free; refusals keep their keys.
 */
import { describe, expect, it } from 'vitest'
import { MAX_PARALLEL_PARSES, parseIsolated } from '../../../src/server/integrations/isolated'
import { ApiError } from '../../../src/shared/errors'

const report =
  '<report><name>r</name><report><results><result><host>10.0.0.1</host><port>http (80/tcp)</port><nvt oid="1.3.6.1.4.1.25623.1.0.1"><name>x</name></nvt><severity>5</severity></result></results></report></report>'

describe('reading imported files in a worker thread', () => {
  it('returns what the parser made of the file', async () => {
    const scan = await parseIsolated({ kind: 'scan', text: report })
    expect(scan.findings).toMatchObject([{ hostName: '10.0.0.1', port: 80, protocol: 'tcp' }])
  })

  it('answers the parser refusal with its SPEC §8 key', async () => {
    const err = await parseIsolated({ kind: 'scan', text: '<report' }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect((err as ApiError).key).toBe('invalid_input')
  })

  it('answers timeout when the file takes longer than the limit, and the next file is read again', async () => {
    const big = report.replace('<results>', `<results>${'<result><host>h</host></result>'.repeat(200_000)}`)
    const started = performance.now()
    const err = await parseIsolated({ kind: 'scan', text: big }, 20).catch((e: unknown) => e)
    expect(performance.now() - started).toBeLessThan(1000)
    expect(err).toBeInstanceOf(ApiError)
    expect((err as ApiError).key).toBe('timeout')
    expect((await parseIsolated({ kind: 'scan', text: report })).findings).toHaveLength(1)
  })

  it(`reads at most ${MAX_PARALLEL_PARSES} files at once and answers service_not_available to more`, async () => {
    const calls = Array.from({ length: MAX_PARALLEL_PARSES + 1 }, () =>
      parseIsolated({ kind: 'scan', text: report }).then(
        () => 'read',
        (e: ApiError) => e.key,
      ),
    )
    expect((await Promise.all(calls)).sort()).toEqual([...Array(MAX_PARALLEL_PARSES).fill('read'), 'service_not_available'].sort())
    expect((await parseIsolated({ kind: 'scan', text: report })).findings).toHaveLength(1)
  })
})
