/**
 * The plugin registry of `command` checks (issue 13 "Plugins, not shell lines"; DESIGN.md "Tenants": only
 * server admins define plugins): a plugin is an executable regular file directly inside one of the configured
 * directories (VIGIL_PLUGIN_DIRS), named by its bare file name. Nothing else on the machine can be run.
 */
import { execFileSync } from 'node:child_process'
import type { Stats } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { z } from 'zod'
import type { PluginSettings } from './types'

/** A bare file name: no `/`, no `..`, no leading `.` (so never a path, a parent or a hidden file). */
export const PluginName = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[A-Za-z0-9_][A-Za-z0-9_.+-]*$/, 'a plugin file name from the plugin directories, without a path')
  .refine((name) => !name.includes('..'), 'a plugin file name from the plugin directories, without a path')

type Located = { path: string } | { error: string }

/** The plugin's real path when it is an executable regular file whose real path stays inside its directory. */
export async function locatePlugin(name: string, dirs: readonly string[]): Promise<Located> {
  if (!PluginName.safeParse(name).success) return { error: `not a plugin name: ${name}` }
  for (const dir of dirs) {
    let real: string
    let stat: Stats
    let inside: string
    try {
      real = await fs.realpath(path.join(dir, name))
      inside = path.relative(await fs.realpath(dir), real)
      stat = await fs.stat(real)
    } catch {
      continue
    }
    // A symbolic link may point at another plugin (Debian's check_host → check_icmp), never out of the directory.
    if (inside.startsWith('..') || path.isAbsolute(inside)) return { error: `plugin ${name} leads outside the plugin directories` }
    if (!stat.isFile() || (stat.mode & 0o111) === 0) return { error: `plugin is not an executable file: ${name}` }
    return { path: real }
  }
  return { error: `plugin not found: ${name} (in ${dirs.join(':')})` }
}

/**
 * The registry's settings at start: the directories, and when the server runs as root the user plugins run
 * as instead (a name or number resolved with `id`, so that NSS users count too). An unknown user stops the start.
 */
export function pluginSettings(dirs: readonly string[], user: string): PluginSettings {
  if (process.getuid?.() !== 0) return { dirs, user: null }
  const id = (flag: string) => {
    try {
      return Number(execFileSync('id', [flag, user], { encoding: 'utf8', env: { PATH: '/usr/bin:/bin' } }).trim())
    } catch {
      throw new Error(`VIGIL_PLUGIN_USER: no such user "${user}"`)
    }
  }
  const uid = id('-u')
  if (uid === 0) throw new Error(`VIGIL_PLUGIN_USER must not be root, got "${user}"`)
  return { dirs, user: { uid, gid: id('-g') } }
}
