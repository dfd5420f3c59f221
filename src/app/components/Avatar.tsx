import { useState } from 'react'

/** Up to two letters of the username ("jane.doe" → "JD"), shown when there is no avatar or it does not load. */
export function initialsOf(username: string): string {
  const parts = username.split(/[^\p{L}\p{N}]+/u).filter(Boolean)
  const letters = parts.length > 1 ? parts[0][0] + parts[1][0] : (parts[0] ?? '?').slice(0, 2)
  return letters.toUpperCase()
}

/** SPEC §3 User avatar (issue 16): the configured service's picture, or initials when it is off or unreachable. */
export function Avatar({ username, url }: { username: string; url?: string }) {
  const [failed, setFailed] = useState(false)
  if (url && !failed) return <img src={url} alt="" width={20} height={20} className="rounded-circle me-1" onError={() => setFailed(true)} />
  return (
    <span className="badge rounded-pill text-bg-secondary me-1" aria-hidden="true" data-testid="avatar-initials">
      {initialsOf(username)}
    </span>
  )
}
