import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { CHECK_KIND_NAMES, checkKinds, runCheck, type CheckKind } from '../../../../src/server/engine/checks'
import { stopReason } from '../../../../src/server/engine/checks/common'

// Small kinds written for the runner's contract (STYLE.md "Engine": a throw is our bug → UNKNOWN).
const base = { kind: 'tcp', config: z.object({}) } as const
const throwing: CheckKind<object> = {
  ...base,
  run: async () => {
    throw new Error('boom in kind')
  },
}
const politeSlow: CheckKind<object> = {
  ...base,
  run: (_c, ctx) =>
    new Promise((resolve) =>
      ctx.signal.addEventListener('abort', () => resolve({ status: 2, output: `TCP CRITICAL - ${stopReason(ctx)}`, perfdata: [] })),
    ),
}
const deaf: CheckKind<object> = { ...base, run: () => new Promise(() => {}) }

describe('runCheck', () => {
  it('turns a throwing kind into UNKNOWN with the message and reports the error', async () => {
    const errors: unknown[] = []
    const result = await runCheck(throwing, {}, { timeoutMs: 1000, address: '127.0.0.1', onError: (e) => errors.push(e) })
    expect(result).toEqual({ status: 3, output: 'tcp check failed: boom in kind', perfdata: [] })
    expect(errors).toHaveLength(1)
  })

  it('aborts the kind at the timeout and returns its own explanation', async () => {
    const result = await runCheck(politeSlow, {}, { timeoutMs: 50, address: '127.0.0.1' })
    expect(result).toMatchObject({ status: 2, output: 'TCP CRITICAL - timed out after 0.05 s' })
  })

  it('gives up on a kind that ignores its aborted signal', async () => {
    const result = await runCheck(deaf, {}, { timeoutMs: 20, address: '127.0.0.1' })
    expect(result.status).toBe(3)
    expect(result.output).toMatch(/did not stop within 1.02 s/)
  })

  it('cancels when the engine aborts, and refuses to start when already aborted', async () => {
    const engine = new AbortController()
    const pending = runCheck(politeSlow, {}, { timeoutMs: 60_000, address: '127.0.0.1', signal: engine.signal })
    engine.abort()
    expect((await pending).output).toBe('TCP CRITICAL - check cancelled')
    expect((await runCheck(politeSlow, {}, { timeoutMs: 1000, address: '127.0.0.1', signal: engine.signal })).status).toBe(3)
  })
})

describe('check kind registry', () => {
  it('registers every kind under its own name', () => {
    expect(Object.keys(checkKinds).sort()).toEqual([...CHECK_KIND_NAMES].sort())
    for (const [name, kind] of Object.entries(checkKinds)) expect(kind.kind).toBe(name)
  })

  it('validates configurations when a resource is saved', () => {
    expect(checkKinds.tcp.config.safeParse({ port: 80 }).success).toBe(true)
    expect(checkKinds.tcp.config.safeParse({ port: 0 }).success).toBe(false)
    // a target can never smuggle an option into ping's arguments
    expect(checkKinds.ping.config.safeParse({ host: '-f' }).success).toBe(false)
    expect(checkKinds.snmp.config.safeParse({ oid: '1.3.6.1.2.1.1.3.0', warn: '20:10' }).success).toBe(false)
    // issue 13 (review M4): a community is a sealed host secret, never check configuration
    expect(checkKinds.snmp.config.safeParse({ community: 'c', oid: '1.3.6.1.2.1.1.3.0' }).error?.issues[0].path).toEqual(['community'])
    expect(checkKinds.http.config.safeParse({ allow_status: [500] }).success).toBe(false)
    expect(checkKinds.http.config.safeParse({ content_regex: '(' }).success).toBe(false)
    expect(checkKinds.https.config.parse({})).toMatchObject({ tls: true, verify_tls: false, no_sni: false, path: '/' })
    expect(checkKinds.http.config.parse({})).toMatchObject({ tls: false, method: 'GET', allow_status: [] })
  })
})
