/**
 * `command`: run a Nagios-compatible plugin (SPEC §3 Resource plugin_output; DESIGN.md "Engine":
 * everything the built-in kinds do not cover), e.g. Debian's monitoring-plugins. The one kind that
 * forks per check by design. Issue 13 "Plugins, not shell lines": the plugin is named from the registry
 * (plugins.ts), its arguments are a template with macros (macros.ts) passed without a shell, it runs
 * without the server's environment and, when the server is root, as an unprivileged user. Only server
 * admins configure it (check-policy.ts).
 */
import { z } from 'zod'
import { parsePluginOutput } from '../../../shared/perfdata'
import { failure, stopReason } from './common'
import { runChild } from './child'
import { ArgTemplate, expandArgs, highestArg, maskSecrets } from './macros'
import { locatePlugin, PluginName } from './plugins'
import type { CheckContext, CheckKind, CheckResult } from './types'

export const CommandConfig = z
  .object({
    /** a plugin's file name in one of the plugin directories (`check_tcp`), never a path */
    command: PluginName,
    /** the argument template: one argv entry each, with macros */
    args: z.array(ArgTemplate).max(100).default([]),
    /** the values of `$ARG1$`…`$ARGn$` */
    arguments: z.array(z.string().max(1024)).max(32).default([]),
  })
  .refine((c) => highestArg(c.args) <= c.arguments.length, {
    message: 'fewer arguments than the $ARGn$ macros of args use',
    path: ['arguments'],
  })
export type CommandConfig = z.infer<typeof CommandConfig>

// Nagios keeps at most this much plugin output; more is cut, never buffered without bound.
const MAX_OUTPUT = 64 * 1024

function exitResult(code: number | null, signal: string | null, stdout: string, stderr: string): CheckResult {
  if (code !== null && code >= 0 && code <= 3) {
    if (stdout.trim() === '') {
      const hint = stderr.trim().split('\n')[0]
      return { status: code as 0 | 1 | 2 | 3, output: `(No output returned from plugin)${hint ? ` stderr: ${hint}` : ''}`, perfdata: [] }
    }
    return { status: code as 0 | 1 | 2 | 3, ...parsePluginOutput(stdout) }
  }
  // Nagios' wording for exit codes outside 0–3 (126: not executable, 127: not found).
  const why = signal
    ? `(plugin was killed by ${signal})`
    : code === 126
      ? '(Return code of 126 is out of bounds - plugin may not be executable)'
      : code === 127
        ? '(Return code of 127 is out of bounds - plugin may be missing)'
        : `(Return code of ${code} is out of bounds)`
  const shown = stdout.trim() ? parsePluginOutput(stdout).output : stderr.trim().split('\n')[0]
  return { status: 3, output: shown ? `${why} ${shown}` : why, perfdata: [] }
}

async function runPlugin(config: CommandConfig, ctx: CheckContext): Promise<CheckResult> {
  if (!ctx.plugins) return failure(3, 'plugins cannot run here: no plugin directories configured')
  const found = await locatePlugin(config.command, ctx.plugins.dirs)
  if ('error' in found) return failure(3, found.error)
  const expanded = expandArgs(config.args, {
    address: ctx.address,
    hostName: ctx.hostName,
    arguments: config.arguments,
    secrets: ctx.secrets,
  })
  if ('error' in expanded) return failure(3, `${config.command}: ${expanded.error}`)
  const r = await runChild(found.path, expanded.args, ctx, { group: true, maxOutput: MAX_OUTPUT, user: ctx.plugins.user })
  if (r.kind === 'stopped') return failure(3, `plugin ${stopReason(ctx)}: ${config.command}`)
  if (r.kind === 'error') {
    return failure(
      3,
      r.error.code === 'EACCES'
        ? `plugin is not executable: ${config.command}`
        : `cannot run plugin ${config.command}: ${r.error.code ?? r.error.message}`,
    )
  }
  // A plugin may echo its arguments; the secrets among them never reach a result.
  const mask = (text: string) => maskSecrets(text, expanded.secrets)
  return exitResult(r.code, r.signal, mask(r.stdout), mask(r.stderr))
}

export const command: CheckKind<CommandConfig> = { kind: 'command', config: CommandConfig, usesSecrets: true, run: runPlugin }
