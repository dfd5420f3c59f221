/** `ssh`: identification string `SSH-` (RFC 4253 §4.2); there is no goodbye before key exchange. */
import { bannerKind } from './banner'

export const ssh = bannerKind({ kind: 'ssh', label: 'SSH', port: 22, greeting: 'SSH-', quit: null })
