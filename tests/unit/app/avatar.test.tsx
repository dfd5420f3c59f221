// @vitest-environment jsdom
/** Issue 16 (SPEC §3): initials stand in for the avatar when none is configured or its picture does not load. */
import { describe, expect, it } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/react'
import { Avatar, initialsOf } from '../../../src/app/components/Avatar'

describe('avatar', () => {
  it('takes two letters of the username', () => {
    expect(initialsOf('jane.doe')).toBe('JD')
    expect(initialsOf('admin')).toBe('AD')
    expect(initialsOf('élodie-martin@example.com')).toBe('ÉM')
  })

  it('shows initials without a picture, and after the picture fails to load', () => {
    const { rerender, container } = render(<Avatar username="jane.doe" />)
    expect(screen.getByTestId('avatar-initials').textContent).toBe('JD')
    rerender(<Avatar username="jane.doe" url="https://avatars.example.net/x" />)
    const img = container.querySelector('img')!
    expect(screen.queryByTestId('avatar-initials')).toBeNull()
    fireEvent.error(img)
    expect(screen.getByTestId('avatar-initials').textContent).toBe('JD')
  })
})
