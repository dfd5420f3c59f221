/** Issue 20: VIGIL_ROLE and VIGIL_LEASE_S are read once at start; a role SQLite cannot serve stops the start. */
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../../src/server/config'

const PG = { DATABASE_URL: 'postgres://vigil@127.0.0.1/vigil', VIGIL_SECRET_KEY: Buffer.alloc(32, 1).toString('base64') }

describe('VIGIL_ROLE and VIGIL_LEASE_S', () => {
  it('default to one process doing everything, with 30 s leases', () => {
    expect(loadConfig({ DATABASE_URL: ':memory:' })).toMatchObject({ role: 'all', leaseS: 30 })
  })

  it('take api or engine on PostgreSQL and a lease time in seconds', () => {
    expect(loadConfig({ ...PG, VIGIL_ROLE: 'api' }).role).toBe('api')
    expect(loadConfig({ ...PG, VIGIL_ROLE: 'engine', VIGIL_LEASE_S: '5' })).toMatchObject({ role: 'engine', leaseS: 5 })
  })

  it('refuse half a Vigil on SQLite, an unknown role and a lease time that is not whole seconds', () => {
    expect(() => loadConfig({ DATABASE_URL: ':memory:', VIGIL_ROLE: 'engine' })).toThrow(/need PostgreSQL/)
    expect(() => loadConfig({ ...PG, VIGIL_ROLE: 'worker' })).toThrow(/VIGIL_ROLE must be one of all, api, engine/)
    expect(() => loadConfig({ ...PG, VIGIL_LEASE_S: '0.5' })).toThrow(/VIGIL_LEASE_S/)
  })
})
