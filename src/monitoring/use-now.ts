import { useEffect, useState } from 'react'

/** A clock that ticks every `ms`, so ages (SPEC §9 abbreviated relative time) move while a screen is open. */
export function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms)
    return () => clearInterval(timer)
  }, [ms])
  return now
}
