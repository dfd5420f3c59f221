/** Issue 13 "Login": the per-address budget, the hashing gate, source addresses and the growing waits. */
import { describe, expect, it } from 'vitest'
import { addressBudget, hashGate, sourceOf } from '../../../src/server/security/login-limits'
import { waitAfter, LOCKOUT_FAILURES, LOCKOUT_MAX_DELAY_S } from '../../../src/server/store/login-failures'

describe('sourceOf', () => {
  it('counts an IPv4 address as itself, also when mapped into IPv6', () => {
    expect(sourceOf('203.0.113.7')).toBe('203.0.113.7')
    expect(sourceOf('::ffff:203.0.113.7')).toBe('203.0.113.7')
  })

  it('counts an IPv6 address by its /64, which one host can pick addresses from', () => {
    expect(sourceOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64')
    expect(sourceOf('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64')
    expect(sourceOf('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(sourceOf('::1')).toBe('0:0:0:0::/64')
    expect(sourceOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
  })
})

describe('addressBudget', () => {
  it('refuses a source past its budget within the window, and only that source', () => {
    const budget = addressBudget(3, 60_000)
    expect([1, 2, 3, 4].map(() => budget.take('a'))).toEqual([true, true, true, false])
    expect(budget.take('b')).toBe(true)
  })

  it('gives a try back when the password was right', () => {
    const budget = addressBudget(2, 60_000)
    for (let i = 0; i < 10; i++) {
      expect(budget.take('a')).toBe(true)
      budget.refund('a')
    }
    expect(budget.take('a')).toBe(true)
    expect(budget.take('a')).toBe(true)
    expect(budget.take('a')).toBe(false)
  })

  it('starts a new window when the last one is over', async () => {
    const budget = addressBudget(1, 20)
    expect(budget.take('a')).toBe(true)
    expect(budget.take('a')).toBe(false)
    await new Promise((r) => setTimeout(r, 30))
    expect(budget.take('a')).toBe(true)
  })
})

describe('hashGate', () => {
  it('runs at most `running` at once, queues `waiting`, and refuses the rest without running them', async () => {
    const gate = hashGate(2, 1)
    let active = 0
    let most = 0
    let ran = 0
    const work = async () => {
      ran++
      most = Math.max(most, ++active)
      await new Promise((r) => setTimeout(r, 20))
      active--
      return 'done'
    }
    const runs = Array.from({ length: 5 }, () => gate.run(work))
    expect(runs.map((r) => r !== undefined)).toEqual([true, true, true, false, false])
    expect(await Promise.all(runs.filter(Boolean))).toEqual(['done', 'done', 'done'])
    expect({ most, ran }).toEqual({ most: 2, ran: 3 })
    expect(await gate.run(work)).toBe('done')
  })

  it('frees the slot of a task that fails', async () => {
    const gate = hashGate(1, 0)
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    expect(await gate.run(async () => 1)).toBe(1)
  })
})

describe('waitAfter', () => {
  it('waits from the fifth failure, doubling each time up to 15 minutes', () => {
    expect(waitAfter(LOCKOUT_FAILURES - 1)).toBe(0)
    expect([0, 1, 2, 3, 4, 10].map((n) => waitAfter(LOCKOUT_FAILURES + n))).toEqual([60, 120, 240, 480, 900, 900])
    expect(waitAfter(1000)).toBe(LOCKOUT_MAX_DELAY_S)
  })
})
