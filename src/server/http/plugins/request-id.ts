/** Every response carries X-Request-ID (DESIGN.md "Server"); the id is also the log's request id. */
import fp from 'fastify-plugin'

export const requestId = fp(async (app) => {
  app.addHook('onRequest', async (req, reply) => {
    reply.header('X-Request-ID', req.id)
  })
})
