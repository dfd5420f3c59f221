/** `smtp`: greeting `220` (RFC 5321 §4.2), goodbye `QUIT`. */
import { bannerKind } from './banner'

export const smtp = bannerKind({ kind: 'smtp', label: 'SMTP', port: 25, tlsPort: 465, greeting: '220', quit: 'QUIT\r\n' })
