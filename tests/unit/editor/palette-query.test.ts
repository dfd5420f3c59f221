/**
 * Issue 13: the editor's pickers search only the environments of the map's organization (a map binds only
 * objects of its own organization, store/map-bindings.ts).
 */
import { describe, expect, it } from 'vitest'
import { organizationEnvironments, paletteQuery } from '../../../src/editor/api'

const env = (id: number, organization_id: number) => ({ id, name: `e${id}`, alias: `E${id}`, organization_id, allowed_actions: [] })
// An MSP administrator: Local (1) with environments 10 and 11, its customer (2) with 20.
const user = { allowed_environments: [env(10, 1), env(20, 2), env(11, 1)] }

describe('palette search scope (issue 13)', () => {
  it("takes the environments of the map's organization only", () => {
    expect(organizationEnvironments(user, 11)).toEqual([10, 11])
    expect(organizationEnvironments(user, 20)).toEqual([20])
  })

  it('finds nothing to search before the user is known or for an environment the user does not see', () => {
    expect(organizationEnvironments(undefined, 10)).toEqual([])
    expect(organizationEnvironments(user, 99)).toEqual([])
  })

  it('keys the search on the environments and does not run it without any', () => {
    expect(paletteQuery('host', 'web', [10, 11]).queryKey).not.toEqual(paletteQuery('host', 'web', [20]).queryKey)
    expect(paletteQuery('host', 'web', [20]).enabled).toBe(true)
    // An empty environment_ids would not narrow the list call (store/list.ts).
    expect(paletteQuery('host', 'web', []).enabled).toBe(false)
  })
})
