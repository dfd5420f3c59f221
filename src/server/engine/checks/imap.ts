/** `imap`: greeting `* OK` (RFC 9051 §7.1.1; `* PREAUTH` is not expected), goodbye `LOGOUT`. */
import { bannerKind } from './banner'

export const imap = bannerKind({ kind: 'imap', label: 'IMAP', port: 143, tlsPort: 993, greeting: '* OK', quit: 'a1 LOGOUT\r\n' })
