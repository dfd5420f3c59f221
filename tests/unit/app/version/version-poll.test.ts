import { describe, expect, it } from 'vitest'
import { evaluateVersion, INITIAL_VERSION_STATE, isKioskUrl, maintenanceUrl } from '../../../../src/app/version/version-poll'

const record = (build: string, release = '3.9.1', maintenance = false) => ({ build, release, maintenance, maintenance_message: '' })

describe('version polling (SPEC §4)', () => {
  const started = evaluateVersion(INITIAL_VERSION_STATE, record('a'), false).state

  it('remembers the first build without acting', () => {
    expect(evaluateVersion(INITIAL_VERSION_STATE, record('a'), true).action).toBe('none')
    expect(evaluateVersion(started, record('a'), true).action).toBe('none')
  })

  it('reloads on a new build with autoreload, else notifies once', () => {
    expect(evaluateVersion(started, record('b'), true).action).toBe('reload')
    const notified = evaluateVersion(started, record('b'), false)
    expect(notified.action).toBe('notify')
    expect(notified.state.notified).toBe(true)
    expect(evaluateVersion(notified.state, record('c'), false).action).toBe('none')
  })

  it('keeps the previous build for a release ending in -silent', () => {
    const silent = evaluateVersion(started, record('b', '3.9.2-silent'), false)
    expect(silent).toEqual({ state: started, action: 'none' })
  })

  it('goes to the maintenance page when maintenance is true, with the current URL as redirect', () => {
    expect(evaluateVersion(started, record('a', '3.9.1', true), false).action).toBe('maintenance')
    expect(maintenanceUrl('http://vigil.local/#/maps?x=1')).toBe('/maintenance.html?redirect=http%3A%2F%2Fvigil.local%2F%23%2Fmaps%3Fx%3D1')
  })

  it('treats fullscreen map and slideshow walls as kiosks that reload by themselves, other screens not', () => {
    expect(isKioskUrl('http://vigil.local/#/maps/Local/core/fullscreen')).toBe(true)
    expect(isKioskUrl('http://vigil.local/#/maps/slideshows/Local/noc/fullscreen')).toBe(true)
    expect(isKioskUrl('http://vigil.local/#/maps/Local/core/view')).toBe(false)
    expect(isKioskUrl('http://vigil.local/#/maps/Local/fullscreen-plan/edit')).toBe(false)
    expect(isKioskUrl('http://vigil.local/#/monitoring/hosts')).toBe(false)
  })
})
