// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { TicketStatusBadge } from '../../../../src/ui/actions/TicketStatusBadge'
import { renderUi } from '../render'

describe('ticket status colour-coded by deployment (SPEC §3 Ticket)', () => {
  afterEach(cleanup)

  it('names and colours each non-production deployment apart', () => {
    const colours = (['acceptance', 'test', 'development', 'local'] as const).map((deployment) => {
      renderUi(<TicketStatusBadge status="Open" isClosed={false} deployment={deployment} />)
      return screen.getByText(`Open · ${deployment}`).className
    })
    expect(new Set(colours).size).toBe(4)
    expect(colours.every((c) => !/text-bg-(primary|secondary)\b/.test(c))).toBe(true)
  })

  it('leaves production unmarked: blue while open, grey once closed', () => {
    renderUi(<TicketStatusBadge status="New" isClosed={false} />)
    renderUi(<TicketStatusBadge status="Closed" isClosed deployment="production" />)
    expect(screen.getByText('New').className).toContain('text-bg-primary')
    expect(screen.getByText('Closed').className).toContain('text-bg-secondary')
    expect(screen.queryByText(/·/)).toBeNull()
  })
})
