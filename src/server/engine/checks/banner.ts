/**
 * Banner protocols (SPEC §3 agentless checks smtp, imap, pop, ftp, ssh): connect, read the greeting,
 * check its prefix, send the protocol's polite quit. One helper, one small file per protocol.
 */
import { z } from 'zod'
import { HostField, PortField, TemplateField, TimeThresholds } from './common'
import { tcpExchange } from './tcp-session'
import type { CheckKind, CheckKindName } from './types'

export const BannerConfig = z.object({
  /** defaults to the host's address */
  host: HostField.optional(),
  /** defaults to the protocol's port (implicit-TLS port when `tls`) */
  port: PortField.optional(),
  /** implicit TLS (smtps 465, imaps 993, pop3s 995) */
  tls: z.boolean().default(false),
  /** overrides the protocol's expected greeting prefix */
  expect: z.string().min(1).optional(),
  /** a server admin's template supplying the fields above (issue 13 "Targets") */
  template: TemplateField.optional(),
  ...TimeThresholds,
})
export type BannerConfig = z.infer<typeof BannerConfig>

/** How a protocol greets and how it says goodbye. */
interface BannerProtocol {
  kind: CheckKindName
  label: string
  port: number
  tlsPort?: number
  greeting: string
  /** null: no polite goodbye exists before authentication (SSH), just close */
  quit: string | null
}

/** A check kind for one banner protocol. */
export function bannerKind(p: BannerProtocol): CheckKind<BannerConfig> {
  return {
    kind: p.kind,
    config: BannerConfig,
    run: (config, ctx) =>
      tcpExchange(
        p.label,
        {
          host: config.host ?? ctx.address,
          port: config.port ?? (config.tls && p.tlsPort ? p.tlsPort : p.port),
          tls: config.tls,
          expect: config.expect ?? p.greeting,
          expect_prefix: true,
          quit: p.quit ?? undefined,
          warn_s: config.warn_s,
          crit_s: config.crit_s,
        },
        ctx,
      ),
  }
}
