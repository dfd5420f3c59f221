/*
 * SPEC §2: "A worker script at /service-worker.js is registered."
 * Deliberately a pass-through: it has no fetch handler, so the browser's normal network path serves every
 * request (API calls are never cached) and a new build is picked up on the next load. A new worker takes
 * over at once so an old one never lingers.
 */
self.addEventListener('install', () => {
  self.skipWaiting()
})

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim())
})
