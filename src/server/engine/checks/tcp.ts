/** `tcp`: connect to a port, optionally send and expect text (monitoring-plugins' check_tcp). */
import { z } from 'zod'
import { HostField, PortField, TemplateField, TimeThresholds } from './common'
import { tcpExchange } from './tcp-session'
import type { CheckKind } from './types'

export const TcpConfig = z.object({
  /** defaults to the host's address */
  host: HostField.optional(),
  port: PortField,
  send: z.string().optional(),
  /** text the answer must contain; a different answer is WARNING as in check_tcp */
  expect: z.string().min(1).optional(),
  /** a server admin's template supplying the fields above (issue 13 "Targets") */
  template: TemplateField.optional(),
  ...TimeThresholds,
})
export type TcpConfig = z.infer<typeof TcpConfig>

export const tcp: CheckKind<TcpConfig> = {
  kind: 'tcp',
  config: TcpConfig,
  run: (config, ctx) => tcpExchange('TCP', { ...config, host: config.host ?? ctx.address }, ctx),
}
