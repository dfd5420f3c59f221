/**
 * Argument templates of `command` checks (issue 13 "Plugins, not shell lines"), with Nagios' macros:
 * `$HOSTADDRESS$`, `$HOSTNAME$`, `$ARG1$`…`$ARG32$` (the check's `arguments`), `$SECRET:name$` (a sealed
 * host secret, opened only for the run) and `$$` for a dollar sign. Each template entry stays one argv
 * entry whatever a value holds (no shell, no splitting), and values are inserted as they are, never expanded
 * again. Put a value after its option (`-H`, `$HOSTADDRESS$`) or as `--host=$HOSTADDRESS$`.
 */
import { z } from 'zod'
import { HostSecrets } from '../../../shared/api/entities'

const SECRET_NAMES: readonly string[] = HostSecrets.keyof().options
const MAX_ARG = 32
const MACRO = /\$(HOSTADDRESS|HOSTNAME|ARG([1-9]\d?)|SECRET:([a-z_]+)|)\$/g

/** Why an entry is not a valid template, or null. */
function templateError(entry: string): string | null {
  let unknown: string | null = null
  const rest = entry.replace(MACRO, (_, _name, arg?: string, secret?: string) => {
    if (arg && Number(arg) > MAX_ARG) unknown = `at most $ARG${MAX_ARG}$`
    if (secret && !SECRET_NAMES.includes(secret)) unknown = `unknown secret ${secret}; one of ${SECRET_NAMES.join(', ')}`
    return ''
  })
  if (unknown) return unknown
  return rest.includes('$') ? 'unknown macro; macros are $HOSTADDRESS$, $HOSTNAME$, $ARGn$, $SECRET:name$, and $$ is a dollar sign' : null
}

/** One argument template entry. */
export const ArgTemplate = z
  .string()
  .max(1024)
  .superRefine((entry, ctx) => {
    const error = templateError(entry)
    if (error) ctx.addIssue({ code: 'custom', message: error })
  })

/** The highest `$ARGn$` the templates use (0 for none), so that a check supplies that many `arguments`. */
export function highestArg(templates: readonly string[]): number {
  let highest = 0
  for (const entry of templates) for (const m of entry.matchAll(MACRO)) if (m[2]) highest = Math.max(highest, Number(m[2]))
  return highest
}

interface MacroValues {
  address: string
  hostName: string
  arguments: readonly string[]
  secrets: Readonly<Record<string, string>>
}

/** The argv of one run and the secret values put into it (to mask in what the plugin prints). */
export function expandArgs(templates: readonly string[], values: MacroValues): { args: string[]; secrets: string[] } | { error: string } {
  const secrets = new Set<string>()
  let missing: string | null = null
  let option: string | null = null
  // Host addresses and names are set by tenants; one that looks like an option never reaches a plugin.
  const host = (value: string) => {
    if (value.startsWith('-')) option = value
    return value
  }
  const args = templates.map((entry) =>
    entry.replace(MACRO, (_, name: string, arg?: string, secret?: string) => {
      if (arg) return values.arguments[Number(arg) - 1] ?? ''
      if (secret) {
        const value = values.secrets[secret]
        if (!value) missing = secret
        else secrets.add(value)
        return value ?? ''
      }
      if (name === 'HOSTADDRESS') return host(values.address)
      if (name === 'HOSTNAME') return host(values.hostName)
      return '$'
    }),
  )
  if (missing) return { error: `the host has no secret ${missing}` }
  if (option) return { error: `the host's address or name "${option}" looks like an option` }
  return { args, secrets: [...secrets] }
}

/** Text with every given secret value replaced by `***`, longest first so that none shows in part. */
export function maskSecrets(text: string, secrets: readonly string[]): string {
  let masked = text
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) masked = masked.replaceAll(secret, '***')
  return masked
}
