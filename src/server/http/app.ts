/**
 * Builds Fastify in a fixed order (STYLE.md "Route groups"): request id, error handler, then the public
 * context (login, version.json, UI) and the protected context (bearer auth + one plugin per resource).
 */
import Fastify, { type FastifyBaseLogger, type FastifyReply } from 'fastify'
import compress from '@fastify/compress'
import rateLimit from '@fastify/rate-limit'
import websocket from '@fastify/websocket'
import { randomUUID } from 'node:crypto'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { RouteDeps, ZodApp } from './types'
import { requestId } from './plugins/request-id'
import { securityHeaders } from './plugins/security-headers'
import { errorBody, errorHandler } from './plugins/errors'
import { auth } from './plugins/auth'
import { nesting } from './plugins/nesting'
import { maintenance } from './plugins/maintenance'
import { loginRoutes, logoutRoutes } from './routes/auth'
import { loginSecondFactorRoutes } from './routes/login-second-factor'
import { passkeyLoginRoutes } from './routes/passkey-login'
import { secondFactorRoutes } from './routes/second-factors'
import { versionRoutes } from './routes/version'
import { passwordResetRoutes } from './routes/password-reset'
import { cloudLoginRoutes } from './routes/cloud-login'
import { userRoutes } from './routes/users'
import { serverAdminRoutes } from './routes/server-admins'
import { organizationRoutes } from './routes/organizations'
import { allowedTargetRoutes } from './routes/allowed-targets'
import { checkTemplateRoutes } from './routes/check-templates'
import { quotaRoutes } from './routes/quotas'
import { organizationSettingRoutes } from './routes/organization-settings'
import { ticketProviderRoutes } from './routes/ticket-providers'
import { labelTypeRoutes } from './routes/label-types'
import { hostLabelRoutes } from './routes/host-labels'
import { environmentRoutes } from './routes/environments'
import { environmentListRoutes } from './routes/environment-lists'
import { hostRoutes } from './routes/hosts'
import { hostAdminRoutes } from './routes/host-admin'
import { hostImportRoutes } from './routes/host-import'
import { hostTypeRoutes } from './routes/host-types'
import { discoveryRoutes } from './routes/discovery'
import { resourceRoutes } from './routes/resources'
import { uiRoutes } from './routes/ui'
import { openapi, openapiRoutes } from './plugins/openapi'
import { clientReportRoutes } from './routes/client-reports'
import { resultRoutes } from './routes/results'
import { perfdataRoutes } from './routes/perfdata'
import { metricsRoutes } from './routes/metrics'
import { eventRoutes } from './routes/events'
import { acknowledgementRoutes } from './routes/acknowledgements'
import { downtimeRoutes } from './routes/downtimes'
import { ticketRoutes } from './routes/tickets'
import { riskRoutes } from './routes/risks'
import { hostSoftwareRoutes } from './routes/host-software'
import { configBackupRoutes } from './routes/config-backups'
import { hostAssetRoutes } from './routes/host-assets'
import { checkmkServiceRoutes } from './routes/checkmk-services'
import { filterRoutes } from './routes/filters'
import { dashboardRoutes } from './routes/dashboard'
import { searchRoutes } from './routes/search'
import { bulkRoutes } from './routes/bulk'
import { mapRoutes } from './routes/maps'
import { slideshowRoutes } from './routes/slideshows'
import { reportRoutes } from './routes/reports'
import { mapGenerateRoutes } from './routes/map-generate'
import { mapImageRoutes } from './routes/map-images'
import { mapFileRoutes } from './routes/map-files'
import { feedRoutes } from '../feed/socket'
import { createFeedGate } from '../feed/gate'
import { feedTicketRoutes } from './routes/feed-ticket'
import { tokenRoutes } from './routes/tokens'
import { wallTokenRoutes } from './routes/wall-tokens'
import { probeLinkRoutes, probeRoutes } from './routes/probes'

export async function buildApp(deps: RouteDeps & { log: FastifyBaseLogger }): Promise<ZodApp> {
  const app = Fastify({
    loggerInstance: deps.log,
    genReqId: () => randomUUID(),
    bodyLimit: 12 * 1024 * 1024,
    trustProxy: false,
    // SPEC §7 writes collections as `hosts/` and calls as `search`: both spellings answer.
    routerOptions: { ignoreTrailingSlash: true },
    // A malformed URL or header is the client's mistake: SPEC §8 invalid_input, not Fastify's own body.
    frameworkErrors: (err, req, reply: FastifyReply) => {
      reply.header('X-Request-ID', req.id)
      return reply.status(400).send(errorBody('invalid_input', { field: 'url', reason: err.message }))
    },
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  await app.register(requestId)
  await app.register(securityHeaders, { avatarUrl: deps.config.avatarUrl })
  await app.register(errorHandler)
  await app.register(nesting)
  // preHandler: the login limit keys on the username, so it runs after the body is parsed.
  await app.register(rateLimit, { global: false, hook: 'preHandler' })
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } })
  await app.register(openapi)

  await app.register(versionRoutes, deps)
  await app.register(loginRoutes, { ...deps, prefix: '/api/v1/auth' })
  await app.register(loginSecondFactorRoutes, { ...deps, prefix: '/api/v1/auth' })
  await app.register(passkeyLoginRoutes, { ...deps, prefix: '/api/v1/auth' })
  await app.register(passwordResetRoutes, { ...deps, prefix: '/api/v1' })
  await app.register(cloudLoginRoutes, deps)
  // Issue 20: probes authenticate with their own token, never a user's.
  await app.register(probeLinkRoutes, { ...deps, prefix: '/api/v1/probe-link' })
  // The feed authenticates its own way (a one-time ticket in the URL): browsers cannot set WebSocket headers.
  const gate = createFeedGate(deps.box)
  await app.register(feedRoutes, { ...deps, gate, prefix: '/api/v1' })

  await app.register(
    async (api: ZodApp) => {
      // Issue 19 "Fast over any link": API answers over 1 KB leave compressed (a 10,000-host map's states
      // shrink about tenfold). Request bodies are never inflated: a small compressed body could expand past
      // the body limit's meaning.
      await api.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], globalDecompression: false })
      await api.register(auth, deps)
      await api.register(maintenance, deps)
      await api.register(logoutRoutes, { ...deps, prefix: '/auth' })
      await api.register(feedTicketRoutes, { ...deps, gate, prefix: '/feed' })
      await api.register(userRoutes, { ...deps, prefix: '/users' })
      await api.register(serverAdminRoutes, { ...deps, prefix: '/users' })
      await api.register(secondFactorRoutes, { ...deps, prefix: '/users' })
      await api.register(tokenRoutes, { ...deps, prefix: '/tokens' })
      await api.register(wallTokenRoutes, { ...deps, prefix: '/wall-tokens' })
      await api.register(probeRoutes, { ...deps, prefix: '/probes' })
      await api.register(organizationRoutes, { ...deps, prefix: '/organizations' })
      await api.register(allowedTargetRoutes, { ...deps, prefix: '/organizations' })
      await api.register(quotaRoutes, { ...deps, prefix: '/organizations' })
      await api.register(organizationSettingRoutes, { ...deps, prefix: '/organizations' })
      await api.register(ticketProviderRoutes, { ...deps, prefix: '/organizations' })
      await api.register(labelTypeRoutes, deps)
      await api.register(checkTemplateRoutes, { ...deps, prefix: '/check-templates' })
      await api.register(environmentRoutes, { ...deps, prefix: '/hostgroups' })
      await api.register(environmentRoutes, { ...deps, prefix: '/environments' })
      await api.register(environmentListRoutes, { ...deps, prefix: '/environment-lists' })
      await api.register(hostRoutes, { ...deps, prefix: '/hosts' })
      await api.register(hostAdminRoutes, { ...deps, prefix: '/hosts' })
      await api.register(hostImportRoutes, { ...deps, prefix: '/hosts' })
      await api.register(hostTypeRoutes, { ...deps, prefix: '/host-types' })
      await api.register(discoveryRoutes, { ...deps, prefix: '/discovery' })
      await api.register(hostLabelRoutes, { ...deps, prefix: '/hosts' })
      await api.register(resourceRoutes, { ...deps, prefix: '/resources' })
      await api.register(perfdataRoutes, deps)
      await api.register(metricsRoutes, { ...deps, prefix: '/metrics' })
      await api.register(resultRoutes, { ...deps, prefix: '/results' })
      await api.register(clientReportRoutes, deps)
      await api.register(eventRoutes, { ...deps, prefix: '/events' })
      await api.register(acknowledgementRoutes, deps)
      await api.register(downtimeRoutes, deps)
      await api.register(ticketRoutes, deps)
      await api.register(riskRoutes, { ...deps, prefix: '/risks' })
      await api.register(hostSoftwareRoutes, deps)
      await api.register(configBackupRoutes, deps)
      await api.register(hostAssetRoutes, deps)
      await api.register(checkmkServiceRoutes, deps)
      await api.register(filterRoutes, { ...deps, prefix: '/filters' })
      await api.register(dashboardRoutes, { ...deps, prefix: '/dashboard' })
      await api.register(searchRoutes, { ...deps, prefix: '/search' })
      await api.register(bulkRoutes, { ...deps, prefix: '/bulk' })
      await api.register(mapRoutes, { ...deps, prefix: '/maps' })
      await api.register(slideshowRoutes, { ...deps, prefix: '/slideshows' })
      await api.register(reportRoutes, { ...deps, prefix: '/reports' })
      await api.register(mapGenerateRoutes, { ...deps, prefix: '/maps' })
      await api.register(mapImageRoutes, { ...deps, prefix: '/map-images' })
      await api.register(mapFileRoutes, { ...deps, prefix: '/maps' })
    },
    { prefix: '/api/v1' },
  )

  await app.register(openapiRoutes)
  await app.register(uiRoutes, deps)
  return app
}
