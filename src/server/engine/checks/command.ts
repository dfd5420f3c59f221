/**
 * `command`: run any Nagios-compatible plugin (SPEC §3 Resource plugin_output; DESIGN.md "Engine":
 * everything the built-in kinds do not cover), e.g. Debian's monitoring-plugins. The one kind that
 * forks per check by design. Arguments are an array passed without a shell; `$HOSTADDRESS$` in them
 * is replaced by the host's address as Nagios does.
 */
import { z } from 'zod'
import { parsePluginOutput } from '../../../shared/perfdata'
import { failure, stopReason } from './common'
import { runChild } from './child'
import type { CheckContext, CheckKind, CheckResult } from './types'

/** Where a bare plugin name is looked up: Debian's monitoring-plugins. */
export const PLUGIN_DIR = '/usr/lib/nagios/plugins'

export const CommandConfig = z.object({
  /** a plugin name in PLUGIN_DIR (`check_tcp`) or a path to any executable */
  command: z.string().min(1).refine((c) => c.includes('/') || !c.startsWith('.'), 'a plugin name or a path'),
  args: z.array(z.string()).default([]),
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
  const why = signal ? `(plugin was killed by ${signal})`
    : code === 126 ? '(Return code of 126 is out of bounds - plugin may not be executable)'
      : code === 127 ? '(Return code of 127 is out of bounds - plugin may be missing)'
        : `(Return code of ${code} is out of bounds)`
  const shown = stdout.trim() ? parsePluginOutput(stdout).output : stderr.trim().split('\n')[0]
  return { status: 3, output: shown ? `${why} ${shown}` : why, perfdata: [] }
}

async function runPlugin(config: CommandConfig, ctx: CheckContext): Promise<CheckResult> {
  const path = config.command.includes('/') ? config.command : `${PLUGIN_DIR}/${config.command}`
  const args = config.args.map((arg) => arg.replaceAll('$HOSTADDRESS$', ctx.address))
  const r = await runChild(path, args, ctx, { group: true, maxOutput: MAX_OUTPUT })
  if (r.kind === 'stopped') return failure(3, `plugin ${stopReason(ctx)}: ${path}`)
  if (r.kind === 'error') {
    return failure(3, r.error.code === 'ENOENT'
      ? `plugin not found: ${path}`
      : r.error.code === 'EACCES' ? `plugin is not executable: ${path}` : `cannot run plugin ${path}: ${r.error.message}`)
  }
  return exitResult(r.code, r.signal, r.stdout, r.stderr)
}

export const command: CheckKind<CommandConfig> = { kind: 'command', config: CommandConfig, run: runPlugin }
