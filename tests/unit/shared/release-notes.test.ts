/** Issue 19 /versions: every release has its notes, the running one (SPEC §3 "The release is 3.9.1") first. */
import { describe, expect, it } from 'vitest'
import notes from '../../../release-notes.json'
import { ReleaseNotes } from '../../../src/shared/release-notes'
import { RELEASE } from '../../../src/shared/constants'

describe('release notes', () => {
  it('are well formed, newest first, and start with the running release', () => {
    const parsed = ReleaseNotes.parse(notes)
    expect(parsed[0].release).toBe(RELEASE)
    const dates = parsed.map((r) => r.date)
    expect([...dates].sort().reverse()).toEqual(dates)
  })
})
