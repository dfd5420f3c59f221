/** Debian's Chromium driven by playwright-core, as STACK.md describes (no browser download). */
import { chromium, type Browser } from 'playwright-core'

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  })
}
