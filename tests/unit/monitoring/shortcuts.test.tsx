// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useShortcuts, type ShortcutHandlers } from '../../../src/app/input/use-shortcuts'

afterEach(cleanup)

function Layer({ handlers }: { handlers: ShortcutHandlers }) {
  useShortcuts(handlers)
  return null
}

const press = (key: string) =>
  act(() => {
    window.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }))
  })

describe('screen shortcuts on top of the shell’s (SPEC §2 help panel, SPEC §9 1 s throttle)', () => {
  it('lets a screen handle f/s, p, r and paging while the shell keeps m and ?', () => {
    const shell = { toggleMenu: vi.fn(), help: vi.fn() }
    const screen = { search: vi.fn(), autoRefresh: vi.fn(), reloadTable: vi.fn(), nextPage: vi.fn() }
    render(
      <>
        <Layer handlers={shell} />
        <Layer handlers={screen} />
      </>,
    )
    for (const key of ['f', 'p', 'r', '>', 'm', '?']) press(key)
    expect(screen.search).toHaveBeenCalledTimes(1)
    expect(screen.autoRefresh).toHaveBeenCalledTimes(1)
    expect(screen.reloadTable).toHaveBeenCalledTimes(1)
    expect(screen.nextPage).toHaveBeenCalledTimes(1)
    expect(shell.toggleMenu).toHaveBeenCalledTimes(1)
    expect(shell.help).toHaveBeenCalledTimes(1)
  })

  it('throttles each shortcut to one per second across layers', () => {
    const search = vi.fn()
    render(<Layer handlers={{ search }} />)
    press('f')
    press('s')
    press('f')
    expect(search).toHaveBeenCalledTimes(1)
  })

  it('stops handling a screen’s shortcuts when the screen goes', () => {
    const reloadTable = vi.fn()
    const view = render(<Layer handlers={{ reloadTable }} />)
    view.unmount()
    press('r')
    expect(reloadTable).not.toHaveBeenCalled()
  })
})
