/**
 * SPEC §5 "Search: text is trimmed; length 2 to 254 (under 255); otherwise the length-requirement message
 * shows." Nothing typed is not an error; it just searches nothing.
 */
import { SEARCH_MAX, SEARCH_MIN } from '../shared/constants'

export interface SearchText {
  /** What to send, or null when there is nothing valid to search for. */
  query: string | null
  tooShortOrLong: boolean
}

export function searchText(text: string): SearchText {
  const query = text.trim()
  if (query === '') return { query: null, tooShortOrLong: false }
  const fits = query.length >= SEARCH_MIN && query.length <= SEARCH_MAX
  return { query: fits ? query : null, tooShortOrLong: !fits }
}
