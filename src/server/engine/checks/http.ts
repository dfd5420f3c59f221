/** `http`: a plain HTTP request (SPEC §3 agentless check `http`); `tls: true` makes it HTTPS. */
import { httpCheck, HttpConfig, regexNeedsWorker } from './http-request'
import type { CheckKind } from './types'

export const http: CheckKind<HttpConfig> = { kind: 'http', config: HttpConfig, needsWorker: regexNeedsWorker, run: httpCheck }
