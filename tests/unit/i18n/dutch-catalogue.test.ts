/**
 * Issue 19 "Languages": the Dutch catalogue is complete and translated. Every key of the English catalogue is in
 * the Dutch one and the other way round (plural forms included), each text keeps its placeholders, and a Dutch text
 * may equal the English one only when it is a word both languages use (names, units, loan words of the trade).
 * (The shell's core part, nl/core.ts, is typed as en/core.ts, so tsc holds it to the same keys.)
 */
import { describe, expect, it } from 'vitest'
import { en } from '../../../src/shared/i18n/en'
import { nl } from '../../../src/shared/i18n/nl'

/** Texts that read the same in Dutch: product and protocol names, units, and words Dutch took from English. */
const SAME_IN_BOTH = new Set([
  'Vigil',
  'OK',
  'Dashboard',
  'Hosts',
  'Host',
  'Software',
  'Status',
  'Details',
  'Filter',
  'Ticket',
  'Tickets',
  'Tags',
  'Labels',
  'Label',
  'Alias',
  'Parameters',
  'In',
  'in',
  'Bootstrap',
  'Offline',
  'HARD',
  'Token',
  'Agent',
  'Updates',
  'BIOS',
  'Model',
  'Protocol',
  'Adapter',
  'Gateway',
  'Banner',
  'Update',
  'Probes',
  'Browser',
  'Modules',
  'Maximum',
  'Recent',
  'Operator',
  'Engineer',
  'Managed service provider',
  'Cluster',
  'Rack',
  'Server',
  'Router',
  'Routes',
  'Processor',
  'bytes',
  'Interfaces',
  'Interface',
  'Index',
  'MTU',
  'Mbit/s',
  'Switch',
  'Firewall',
  'Internet',
  'X',
  'Y',
  // SPEC §9 abbreviated units: d(ag), m(inuut), s(econde)
  'd',
  'm',
  's',
  'Open',
  'open',
  'ping',
  'test',
  'Request Tracker 5',
  'draw.io',
  'NagVis',
])

type Tree = { [key: string]: string | Tree }

/** `{a: {b: 'x'}}` → `{'a.b': 'x'}`. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') out.set(path, value)
    else for (const [k, v] of flatten(value, path)) out.set(k, v)
  }
  return out
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort()
/** What is left to translate once placeholders, numbers, punctuation and separators (›, →) are gone. */
const words = (text: string) => text.replace(/\{\{\s*\w+\s*\}\}/g, '').replace(/[\d\s.,:;!?()[\]{}"'’…–\-—·|/%×*=<>#@&+›→]+/g, '')

const english = flatten(en as unknown as Tree)
const dutch = flatten(nl as unknown as Tree)

describe('the Dutch catalogue (issue 19 "Languages")', () => {
  it('has every English key, and no key English lacks', () => {
    expect(english.size).toBeGreaterThan(1000)
    expect([...english.keys()].filter((k) => !dutch.has(k))).toEqual([])
    expect([...dutch.keys()].filter((k) => !english.has(k))).toEqual([])
  })

  it('keeps every placeholder of each text', () => {
    const differing = [...english].filter(([k, v]) => placeholders(v).join() !== placeholders(dutch.get(k) ?? '').join())
    expect(differing.map(([k]) => k)).toEqual([])
  })

  it('translates every text, except words both languages use', () => {
    const untranslated = [...english]
      .filter(([k, v]) => dutch.get(k) === v && words(v) !== '' && !SAME_IN_BOTH.has(v.replace(/\{\{\s*\w+\s*\}\}/g, '').trim()))
      .map(([k, v]) => `${k}: ${v}`)
    expect(untranslated).toEqual([])
  })

  it('has no empty text', () => {
    expect([...dutch].filter(([, v]) => v.trim() === '').map(([k]) => k)).toEqual([])
  })
})
