/** The check kinds, listed by hand (STYLE.md "Engine"): a missing kind fails `tsc`. */
import { checkmkAgent } from './checkmk-agent'
import { command } from './command'
import { configBackup } from './config-backup'
import { dns } from './dns'
import { dnssec } from './dnssec'
import { ftp } from './ftp'
import { http } from './http'
import { https } from './https'
import { imap } from './imap'
import { inventory } from './inventory'
import { ping } from './ping'
import { pop } from './pop'
import { ports } from './ports'
import { redfish } from './redfish'
import { sensors } from './sensors'
import { smtp } from './smtp'
import { snmp } from './snmp'
import { ssh } from './ssh'
import { tcp } from './tcp'
import type { CheckKind, CheckKindName } from './types'

// Each entry has its own configuration type, hence CheckKind<any>.
export const checkKinds = {
  ping,
  tcp,
  http,
  https,
  dns,
  smtp,
  imap,
  pop,
  ftp,
  ssh,
  snmp,
  command,
  'config-backup': configBackup,
  inventory,
  'checkmk-agent': checkmkAgent,
  ports,
  dnssec,
  redfish,
  sensors,
} satisfies Record<CheckKindName, CheckKind<any>>

export { runCheck, type RunOptions } from './run'
export {
  CHECK_KIND_NAMES,
  STATUS_WORD,
  type CheckContext,
  type CheckKind,
  type CheckKindName,
  type CheckMemo,
  type CheckResult,
  type ExitStatus,
  type PluginSettings,
} from './types'
