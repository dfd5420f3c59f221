/**
 * Issue 19: SPEC §3 `state_translation` is the state's name in the caller's language. The app sends the
 * language it shows as Accept-Language; a browser's regional tag counts as its language; others get English.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { tokenOf, uniq } from '../helpers/api'
import { ui as en } from '../../src/shared/i18n/en/ui'
import { ui as nl } from '../../src/shared/i18n/nl/ui'

describe.each(DATABASES)('state_translation, on %s', (db) => {
  const { server, tenants } = useApiSuite(db, { tenants: { a: 'engineer' } })
  let hostId = 0
  let token = ''

  beforeAll(async () => {
    token = await tokenOf(server, tenants.a)
    const r = await tenants.a.api.post('/api/v1/hosts/', { name: uniq('h'), hostgroup_id: tenants.a.environmentId })
    expect(r.status).toBe(201)
    hostId = r.body.id
  })

  const read = async (path: string, language?: string) => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` }
    if (language) headers['accept-language'] = language
    const r = await fetch(`${server.baseUrl}${path}`, { headers })
    expect(r.status).toBe(200)
    return r.json()
  }

  it('names the state in Dutch for nl and nl-BE, in English otherwise, on a host and in the list', async () => {
    expect(nl.states.pending).not.toBe(en.states.pending)
    expect((await read(`/api/v1/hosts/${hostId}`, 'nl')).state_translation).toBe(nl.states.pending)
    expect((await read(`/api/v1/hosts/${hostId}`, 'nl-BE,nl;q=0.9,en;q=0.8')).state_translation).toBe(nl.states.pending)
    expect((await read(`/api/v1/hosts/${hostId}`, 'fr-FR')).state_translation).toBe(en.states.pending)
    expect((await read(`/api/v1/hosts/${hostId}`)).state_translation).toBe(en.states.pending)
    const list = await read(`/api/v1/hosts/?filter=${encodeURIComponent(JSON.stringify({ id: hostId }))}`, 'nl')
    expect(list.result.map((h: { state_translation: string }) => h.state_translation)).toEqual([nl.states.pending])
  })
})
