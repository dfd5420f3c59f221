/** `pop`: greeting `+OK` (RFC 1939 §4), goodbye `QUIT`. */
import { bannerKind } from './banner'

export const pop = bannerKind({ kind: 'pop', label: 'POP', port: 110, tlsPort: 995, greeting: '+OK', quit: 'QUIT\r\n' })
