/** The caller's language from Accept-Language: the app sends the one it shows; a browser may send "nl-NL, en;q=0.8". */
import { negotiate } from '@fastify/accept-negotiator'
import { LANGUAGES, type Language } from '../../shared/enums'

export function languageOf(header: string | undefined): Language {
  if (!header) return 'en'
  // Regional variants count as their language (nl-BE is Dutch); the negotiator matches whole tags only.
  const primary = header.replace(/([a-z]{2,3})-[a-z0-9-]+/gi, '$1').toLowerCase()
  return (negotiate(primary, [...LANGUAGES]) as Language | null) ?? 'en'
}
