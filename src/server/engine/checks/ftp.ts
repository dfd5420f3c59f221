/** `ftp`: greeting `220` (RFC 959 §5.4), goodbye `QUIT`. */
import { bannerKind } from './banner'

export const ftp = bannerKind({ kind: 'ftp', label: 'FTP', port: 21, tlsPort: 990, greeting: '220', quit: 'QUIT\r\n' })
