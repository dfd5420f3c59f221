/**
 * Issue 17 "Dark themes", issue 19 "Themes": every SPEC §1 theme is readable. For each theme, one page walks the
 * main screens with data (problems, hosts, resources, a host's status, a timeline, graphs, the maps list and a map)
 * and measures every visible text against what lies behind it: its computed colour (fill for SVG text) over the
 * first backgrounds found walking up its ancestors, colours and gradient stops blended in order over white. Text must
 * reach WCAG AA: 4.5:1, or 3:1 when large (24 px, or 18.66 px bold). Disabled controls are exempt, as in WCAG.
 */
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { THEMES, type Theme } from '../src/shared/enums'
import { useBrowserSuite } from './browser'
import { mainScreens, type MainScreensFixture } from './main-screens'

const suite = useBrowserSuite()

interface Offender {
  text: string
  fg: string
  bg: string
  ratio: number
  need: number
}

/** Runs in the page: the texts below WCAG AA contrast, once each. */
function lowContrastTexts(): Offender[] {
  type Rgba = [number, number, number, number]
  const parse = (css: string): Rgba | null => {
    const m = /rgba?\(([^)]+)\)/.exec(css)
    if (!m) return null
    const p = m[1]
      .split(/[\s,/]+/)
      .filter(Boolean)
      .map((v) => (v.endsWith('%') ? Number(v.slice(0, -1)) / 100 : Number(v)))
    return [p[0], p[1], p[2], p[3] ?? 1]
  }
  const over = (top: Rgba, below: Rgba): Rgba => {
    const a = top[3] + below[3] * (1 - top[3])
    if (a === 0) return [0, 0, 0, 0]
    const mix = (i: number) => (top[i] * top[3] + below[i] * below[3] * (1 - top[3])) / a
    return [mix(0), mix(1), mix(2), a]
  }
  const luminance = ([r, g, b]: Rgba) => {
    const lin = (c: number) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4)
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
  }
  const contrast = (a: Rgba, b: Rgba) => {
    const [l1, l2] = [luminance(a), luminance(b)].sort((x, y) => y - x)
    return (l1 + 0.05) / (l2 + 0.05)
  }
  const css = (c: Rgba) => `rgb(${c.slice(0, 3).map(Math.round).join(' ')})`
  /** What may lie behind `el`: each background colour and gradient stop from the root down, blended over white. */
  const backgrounds = (el: Element): Rgba[] => {
    const chain: Element[] = []
    for (let e: Element | null = el; e; e = e.parentElement) chain.unshift(e)
    let behind: Rgba[] = [[255, 255, 255, 1]]
    for (const e of chain) {
      const style = getComputedStyle(e)
      const colour = parse(style.backgroundColor)
      if (colour && colour[3] > 0) behind = behind.map((b) => over(colour, b))
      if (style.backgroundImage.includes('gradient')) {
        const stops = [...style.backgroundImage.matchAll(/rgba?\([^)]+\)/g)].map((m) => parse(m[0])).filter((s): s is Rgba => !!s)
        if (stops.length) behind = stops.flatMap((s) => behind.map((b) => over(s, b)))
      }
    }
    return behind
  }

  // Not shown as text (screen-reader only, closed options), or exempt (disabled controls).
  const SKIPPED = 'script, style, noscript, option, .visually-hidden, :disabled, .disabled, [aria-disabled="true"]'
  const found = new Map<string, Offender>()
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim() ?? ''
    const el = node.parentElement
    if (!text || !el || el.closest(SKIPPED)) continue
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue
    const range = document.createRange()
    range.selectNodeContents(node)
    const box = range.getBoundingClientRect()
    if (box.width <= 1 || box.height <= 1) continue
    const style = getComputedStyle(el)
    const colour = parse(el instanceof SVGElement && style.fill.startsWith('rgb') ? style.fill : style.color)
    if (!colour) continue
    let opacity = 1
    for (let e: Element | null = el; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity)
    const size = parseFloat(style.fontSize)
    const need = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700) ? 3 : 4.5
    for (const bg of backgrounds(el)) {
      const fg = over([colour[0], colour[1], colour[2], colour[3] * opacity], bg)
      const ratio = contrast(fg, bg)
      const key = `${text.slice(0, 40)}|${css(fg)}|${css(bg)}`
      if (ratio < need && !found.has(key))
        found.set(key, { text: text.slice(0, 40), fg: css(fg), bg: css(bg), ratio: Math.round(ratio * 100) / 100, need })
    }
  }
  return [...found.values()]
}

async function offendersOf(page: Page, fixture: MainScreensFixture, theme: Theme): Promise<string[]> {
  const lines: string[] = []
  for (const [i, screen] of fixture.screens.entries()) {
    // The first screen logs in through the token parameter; the rest are routed in the same page.
    if (i === 0) await page.goto(`${suite.server.baseUrl}/#${screen.route}?token=${encodeURIComponent(fixture.token)}`)
    else await page.evaluate((route) => (window.location.hash = route), screen.route)
    await screen.ready(page)
    await page.waitForFunction((t) => document.documentElement.dataset.theme === t, theme)
    for (const o of await page.evaluate(lowContrastTexts))
      lines.push(`${theme} ${screen.name}: "${o.text}" ${o.fg} on ${o.bg} = ${o.ratio} (needs ${o.need})`)
  }
  return lines
}

describe('theme contrast (issues 17, 19; SPEC §1 themes, WCAG AA)', () => {
  it('every theme shows the main screens in readable colours', { timeout: 240_000 }, async () => {
    const fixture = await mainScreens(suite)
    const offenders: string[] = []
    for (const theme of THEMES) {
      expect((await fixture.user.api.put('/api/v1/users/current', { preferences: { theme } })).status).toBe(200)
      const context = await suite.browser.newContext({ viewport: { width: 1400, height: 900 }, reducedMotion: 'reduce' })
      suite.contexts.push(context)
      // Colours are measured at rest, not halfway through a transition.
      await context.addInitScript(() =>
        document.addEventListener('DOMContentLoaded', () => {
          const style = document.createElement('style')
          style.textContent = '*, *::before, *::after { transition: none !important; animation: none !important; }'
          document.head.append(style)
        }),
      )
      offenders.push(...(await offendersOf(await context.newPage(), fixture, theme)))
      await context.close()
    }
    expect(offenders).toEqual([])
  })
})
