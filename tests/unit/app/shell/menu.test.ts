import { describe, expect, it } from 'vitest'
import { MAIN_MENU, visibleMenu } from '../../../../src/app/shell/menu'
import { MODULES } from '../../../../src/shared/enums'

describe('main menu (SPEC §2)', () => {
  it('lists the SPEC §2 entries in order', () => {
    expect(MAIN_MENU.map((e) => e.module)).toEqual(['dashboard', 'monitoring', 'risks', 'reports', 'admin', 'assets', 'maps'])
    expect(MAIN_MENU.find((e) => e.module === 'monitoring')?.children?.map((c) => c.to)).toEqual([
      '/monitoring/problems',
      '/monitoring/hosts',
      '/monitoring/resources',
      '/monitoring/timeline',
    ])
  })

  it('shows only allowed modules (SPEC §6)', () => {
    expect(visibleMenu(['monitoring', 'maps']).map((e) => e.module)).toEqual(['monitoring', 'maps'])
    expect(visibleMenu([...MODULES])).toHaveLength(7)
  })
})
