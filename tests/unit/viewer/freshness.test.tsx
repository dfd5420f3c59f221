// @vitest-environment jsdom
/**
 * The wall's freshness badge (issue 7): "Live" while the feed is open, else when the data was last confirmed. A busy
 * feed moves its last-message time at every message; the badge re-renders only when what it shows changes (issue 18
 * wall-soak: 20 renders a second of the same "Live" were React tasks between the wall's frames).
 */
import { act, cleanup, screen } from '@testing-library/react'
import { Profiler } from 'react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { loadFeatureTexts } from '../../../src/app/i18n'
import { feed } from '../../../src/app/feed'
import { Freshness } from '../../../src/viewer/Freshness'
import { renderUi } from '../ui/render'

const at = (hms: string) => new Date(`2026-12-02T${hms}`).getTime()

describe('Freshness', () => {
  beforeAll(() => loadFeatureTexts())
  afterEach(() => {
    cleanup()
    act(() => feed.state.setState({ status: 'closed', lastMessageAt: null }))
  })

  it('says Live while the feed is open without re-rendering at every message, then when it last heard', () => {
    let renders = 0
    act(() => feed.state.setState({ status: 'open', lastMessageAt: at('10:00:00') }))
    renderUi(
      <Profiler id="badge" onRender={() => renders++}>
        <Freshness confirmedAt={null} />
      </Profiler>,
    )
    expect(screen.getByRole('status').textContent).toBe('Live')
    const first = renders

    for (let s = 1; s <= 20; s++) act(() => feed.state.setState({ lastMessageAt: at(`10:00:${String(s).padStart(2, '0')}`) }))
    expect(renders).toBe(first)

    act(() => feed.state.setState({ status: 'closed' }))
    expect(screen.getByRole('status').textContent).toBe('Last confirmed 10:00:20')
    expect(screen.getByRole('status').dataset.feed).toBe('closed')
  })
})
