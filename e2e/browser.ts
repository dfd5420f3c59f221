/** Debian's Chromium driven by playwright-core, as STACK.md describes (no browser download). */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { startServer, type StartOptions, type TestServer } from '../tests/helpers/server'
import { adminClient, type Client } from '../tests/helpers/api'

/**
 * Chromium 156 builds its omnibox popup as a WebUI page, in a renderer of its own (about 150 MB) for every window,
 * so for every browser context: some 300 chrome:// modules loaded while the page under test starts, on the same
 * 2 cores. A wall or an operator's browser has one window; the tests and benches open hundreds.
 */
const NO_WEBUI_OMNIBOX = '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup'

/**
 * The benches measure Debian's full Chromium, as a wall runs it. The tests drive its headless shell when installed
 * (Debian's `chromium-headless-shell`, the same build and engine without the browser around it, and what Playwright
 * runs headless by default): the browser tests took 417 instead of 475 s on the 2-core CI machine.
 * CHROMIUM_PATH overrides both.
 */
const FULL_CHROMIUM = '/usr/bin/chromium'
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'
const TEST_CHROMIUM = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM)

export function launchChromium(executablePath = process.env.CHROMIUM_PATH ?? FULL_CHROMIUM): Promise<Browser> {
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      NO_WEBUI_OMNIBOX,
    ],
  })
}

/**
 * One Chromium per test worker, shared by its spec files one after another (they run without isolation): launching
 * and closing it for each of 46 files cost about a second each way on a loaded 2-core machine. A file's pages live in
 * its own contexts, all closed when it ends; a Chromium that went away is launched again.
 */
let workerChromium: Promise<Browser> | null = null

function sharedChromium(): Promise<Browser> {
  if (!workerChromium) {
    const launched = launchChromium(TEST_CHROMIUM)
    workerChromium = launched
    launched.then(
      (browser) => browser.on('disconnected', () => workerChromium === launched && (workerChromium = null)),
      () => workerChromium === launched && (workerChromium = null),
    )
  }
  return workerChromium
}

/** What every browser suite needs: the built app served by a real server, and Chromium. */
export async function startBrowserSuite(options: StartOptions = {}): Promise<{ server: TestServer; browser: Browser }> {
  if (!fs.existsSync(path.resolve('dist/index.html'))) throw new Error('dist/ is missing: run `npx vite build` before the browser tests')
  const server = await startServer(options)
  return { server, browser: await sharedChromium() }
}

/** Closes every context the file opened (listed in `contexts` or not), then its server; Chromium stays for the next file. */
export async function stopBrowserSuite(suite: { server?: TestServer; browser?: Browser; contexts?: BrowserContext[] }) {
  for (const c of [...(suite.contexts ?? []), ...(suite.browser?.contexts() ?? [])]) await c.close()
  await suite.server?.close()
}

export interface BrowserSuite {
  server: TestServer
  browser: Browser
  admin: Client
  contexts: BrowserContext[]
}

/**
 * Registers a spec file's hooks: server and Chromium before its tests, an administrator's API client, and
 * at the end the contexts its tests pushed onto `contexts`, Chromium and the server closed. Fields are set
 * once `beforeAll` has run.
 */
export function useBrowserSuite(options: StartOptions = {}): BrowserSuite {
  const suite = { contexts: [] as BrowserContext[] } as BrowserSuite
  beforeAll(async () => {
    Object.assign(suite, await startBrowserSuite(options))
    suite.admin = await adminClient(suite.server)
  })
  afterAll(() => stopBrowserSuite(suite))
  return suite
}

/**
 * A browser of `user`, logged in through the SPEC §2 token parameter: one context, whose tabs share storage like
 * a person's browser; `tab` opens the hash `route` in a new tab.
 */
export async function browserAs(
  suite: BrowserSuite,
  user: { username: string; password: string },
): Promise<{ context: BrowserContext; tab(route: string): Promise<Page> }> {
  const r = await fetch(`${suite.server.baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: user.username, password: user.password }),
  })
  const { token } = (await r.json()) as { token: string }
  const context = await suite.browser.newContext({ viewport: { width: 1400, height: 900 } })
  suite.contexts.push(context)
  return {
    context,
    async tab(route) {
      const page = await context.newPage()
      await page.goto(`${suite.server.baseUrl}/#${route}${route.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`)
      return page
    },
  }
}

/** A new browser context of `user`, logged in through the SPEC §2 token parameter, on the hash `route`. */
export async function openAs(suite: BrowserSuite, user: { username: string; password: string }, route: string): Promise<Page> {
  return (await browserAs(suite, user)).tab(route)
}

/**
 * A slow link for the live feed of `context`'s pages: their subscribe messages reach the real server only once the
 * returned `release` is called (other messages wait behind them, in order). A change made meanwhile happens after
 * the page's first fetch and before the server knows the page, so no delta will ever carry it.
 */
export async function holdFeedSubscriptions(context: BrowserContext): Promise<() => void> {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  await context.routeWebSocket(/\/api\/v1\/feed/, (page) => {
    const server = page.connectToServer()
    let queue = Promise.resolve()
    page.onMessage((message) => {
      const hold = typeof message === 'string' && message.includes('"subscribe"')
      queue = queue.then(async () => {
        if (hold) await released
        server.send(message)
      })
    })
  })
  return release
}
