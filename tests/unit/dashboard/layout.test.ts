/** Issue 19: the layout edits behind the dashboard's buttons, keyboard and drag and drop. */
import { describe, expect, it } from 'vitest'
import { addWidget, isFull, moveWidget, pinGraph, removeWidget, resizeWidget } from '../../../src/dashboard/layout'
import { BUILTIN_WIDGETS, DASHBOARD_WIDGETS_MAX, type DashboardWidget } from '../../../src/shared/api/dashboard'

const ids = (widgets: DashboardWidget[]) => widgets.map((w) => w.id)

describe('dashboard layout edits', () => {
  it('moves a widget to a position, clamped to the grid, keeping the others in order', () => {
    expect(ids(moveWidget(BUILTIN_WIDGETS, 'timeline', 0))).toEqual(['timeline', 'totals', 'problems', 'maps'])
    expect(ids(moveWidget(BUILTIN_WIDGETS, 'totals', 2))).toEqual(['problems', 'maps', 'totals', 'timeline'])
    expect(ids(moveWidget(BUILTIN_WIDGETS, 'totals', 99))).toEqual(['problems', 'maps', 'timeline', 'totals'])
    expect(ids(moveWidget(BUILTIN_WIDGETS, 'gone', 0))).toEqual(ids(BUILTIN_WIDGETS))
  })

  it('adds a second widget of a kind under a free id, and removes and resizes by id', () => {
    const added = addWidget(addWidget(BUILTIN_WIDGETS, 'totals'), 'totals')
    expect(ids(added).slice(-2)).toEqual(['totals-2', 'totals-3'])
    expect(ids(removeWidget(added, 'totals-2'))).toEqual(['totals', 'problems', 'maps', 'timeline', 'totals-3'])
    expect(resizeWidget(added, 'maps', 'large').find((w) => w.id === 'maps')?.size).toBe('large')
  })

  it('pins a resource once, and knows when the dashboard is full (at most DASHBOARD_WIDGETS_MAX widgets)', () => {
    const pinned = pinGraph(BUILTIN_WIDGETS, 7)
    expect(pinned.at(-1)).toEqual({ id: 'graph-7', kind: 'graph', size: 'medium', resource_id: 7 })
    expect(pinGraph(pinned, 7)).toEqual(pinned)
    const many = Array.from({ length: DASHBOARD_WIDGETS_MAX }, (_, i) => ({ id: `w${i}`, kind: 'maps', size: 'small' }) as const)
    expect([isFull(many), isFull(many.slice(1))]).toEqual([true, false])
  })
})
