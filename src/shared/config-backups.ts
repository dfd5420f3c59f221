/**
 * Configuration backups of network devices (SPEC §2 "…/Config Backups/configs", §3 host types' backup flag and
 * backup credentials): the device profiles a `config-backup` check can use. A profile is a fixed command, never
 * text a customer types (issue 13: nothing a customer configures runs a shell), and the lines the device changes
 * on every read (a timestamp, a byte count), which would otherwise make each backup a new version.
 */

/** SPEC §2: the resource whose results are configuration backups, and the only one with a configs tab. */
export const CONFIG_BACKUPS_RESOURCE = 'Config Backups'

/** A device's configuration is text of a few hundred kilobytes at most; more is refused, not stored. */
export const MAX_CONFIG_BYTES = 1024 * 1024

/** Versions kept per resource; older ones are removed when a new one is stored. */
export const CONFIG_VERSIONS_KEPT = 100

export interface BackupProfile {
  display_name: string
  /** the command sent over an SSH exec channel */
  command: string
  /** lines that change on every read without a change of configuration; left out of a backup */
  volatile: readonly RegExp[]
  /** SPEC §3 enable-password: the device has an enable mode; with the host's enable password the command runs there */
  enable?: { pager: string }
}

export const BACKUP_PROFILES = {
  'cisco-ios': {
    display_name: 'Cisco IOS / IOS XE',
    command: 'show running-config',
    enable: { pager: 'terminal length 0' },
    volatile: [
      /^Building configuration/,
      /^Current configuration : \d+ bytes/,
      /^! (Last configuration change|NVRAM config last updated) /,
      /^ntp clock-period /,
    ],
  },
  'cisco-nxos': {
    display_name: 'Cisco NX-OS',
    command: 'show running-config',
    volatile: [/^!Command: show running-config/, /^!Time: /, /^!Running configuration last done at: /],
  },
  'cisco-asa': {
    display_name: 'Cisco ASA',
    command: 'show running-config',
    enable: { pager: 'terminal pager 0' },
    volatile: [/^: Saved/, /^: Written by /, /^Cryptochecksum:/],
  },
  'arista-eos': {
    display_name: 'Arista EOS',
    command: 'show running-config',
    enable: { pager: 'terminal length 0' },
    volatile: [/^! Command: show running-config/, /^! Time: /],
  },
  junos: {
    display_name: 'Juniper Junos',
    command: 'show configuration | display set | no-more',
    volatile: [/^## Last commit: /],
  },
  routeros: {
    display_name: 'MikroTik RouterOS',
    command: '/export',
    volatile: [/^# .* by RouterOS /, /^# software id = /],
  },
  fortios: {
    display_name: 'Fortinet FortiOS',
    command: 'show',
    volatile: [/^#conf_file_ver=/],
  },
} as const satisfies Record<string, BackupProfile>

export type BackupProfileName = keyof typeof BACKUP_PROFILES
export const BACKUP_PROFILE_NAMES = Object.keys(BACKUP_PROFILES) as [BackupProfileName, ...BackupProfileName[]]

/** The configuration as stored: Unix line ends; the profile's volatile lines and leading and trailing blank lines left out. */
export function normaliseConfiguration(profile: BackupProfileName, text: string): string {
  const volatile: readonly RegExp[] = BACKUP_PROFILES[profile].volatile
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .filter((line) => !volatile.some((re) => re.test(line)))
  while (lines.length && lines[lines.length - 1]!.trim() === '') lines.pop()
  while (lines.length && lines[0]!.trim() === '') lines.shift()
  return lines.length ? lines.join('\n') + '\n' : ''
}
