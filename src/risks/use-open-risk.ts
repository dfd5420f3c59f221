/** The risk whose details are open, as `?risk={id}` in the hash route, so a link reproduces the screen (STYLE.md). */
import { useSearchParams } from 'react-router'

export function useOpenRisk(): [number | null, (id: number | null) => void] {
  const [search, setSearch] = useSearchParams()
  const id = Number(search.get('risk'))
  const open = (next: number | null) => {
    const params = new URLSearchParams(search)
    if (next === null) params.delete('risk')
    else params.set('risk', String(next))
    setSearch(params)
  }
  return [Number.isInteger(id) && id > 0 ? id : null, open]
}
