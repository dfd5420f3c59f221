/*
 * SPEC §2: "A worker script at /service-worker.js is registered." (issue 19 "Fast over any link", offline)
 * - Hashed assets (/assets/*-<hash>.js|css|woff2|woff, never changed once built: scripts, styles, the map font) are
 *   kept in a cache and served from it, so a reload only asks the network for the small index.html and starts at once.
 * - A page load asks the network for index.html; when the server cannot be reached, the kept offline page says so
 *   (and reloads once the server answers again).
 * - The API, the feed, /version.json and everything else go to the network, never to the cache: API data is never cached.
 * A new worker takes over at once, so an old one never lingers.
 */
const CACHE = 'vigil-shell-v1'
const OFFLINE = ['/offline.html', '/offline.js', '/maintenance.css']
/** Hashed assets kept at most (several releases' chunks); the oldest go first. */
const MAX_ASSETS = 400
const HASHED = /^\/assets\/[^/]+-[\w-]{8,}\.(js|css|woff2?)$/

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(OFFLINE))
      .then(() => self.skipWaiting()),
  )
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  )
})

async function keepAsset(request, response) {
  const cache = await caches.open(CACHE)
  await cache.put(request, response)
  const keys = (await cache.keys()).filter((r) => HASHED.test(new URL(r.url).pathname))
  await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_ASSETS)).map((r) => cache.delete(r)))
}

async function asset(request) {
  const kept = await caches.match(request)
  if (kept) return kept
  const response = await fetch(request)
  if (response.ok) await keepAsset(request, response.clone())
  return response
}

async function page(request) {
  try {
    return await fetch(request)
  } catch {
    return (await caches.match('/offline.html')) ?? Response.error()
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== self.location.origin) return
  if (request.mode === 'navigate') event.respondWith(page(request))
  else if (HASHED.test(url.pathname)) event.respondWith(asset(request))
  // Straight to the network, never cached; through the worker so that it fails just as a page load does.
  else if (url.pathname === '/version.json') event.respondWith(fetch(request))
  // The offline page's own script and style: fresh when the server answers, kept for when it does not.
  else if (OFFLINE.includes(url.pathname)) event.respondWith(fetch(request).catch(() => caches.match(request)))
})
