/** `https`: the `http` check with TLS on by default (SPEC §3 agentless check `https`). */
import { z } from 'zod'
import { httpCheck, HttpConfig, regexNeedsWorker } from './http-request'
import type { CheckKind } from './types'

const HttpsConfig = HttpConfig.extend({ tls: z.boolean().default(true) })

export const https: CheckKind<HttpConfig> = { kind: 'https', config: HttpsConfig, needsWorker: regexNeedsWorker, run: httpCheck }
