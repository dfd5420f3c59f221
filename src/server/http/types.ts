import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Store } from '../store/db'
import type { Config } from '../config'
import type { SecretBox } from '../security/secrets'
import type { Scope } from '../store/scope'
import type { Engine } from '../engine/engine'
import type { Bus } from '../feed/bus'
import type { Mailer } from '../integrations/mail'
import type { ProbeGateway } from '../probes/gateway'

/** Fastify with the zod type provider: handler types come from the schemas in src/shared/api. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>

/** What every route group gets as plugin options (STYLE.md "Route groups"). */
export interface RouteDeps {
  store: Store
  config: Config
  box: SecretBox
  build: string
  engine: Engine
  bus: Bus
  /** Issue 16: outgoing mail (SMTP, or the server log when none is configured) */
  mailer: Mailer
  /** Issue 20: probes' assignments, work and results */
  probes: ProbeGateway
}

declare module 'fastify' {
  interface FastifyRequest {
    scope: Scope
    tokenId: number
  }
}
