/**
 * SPEC §3 asset sections from a Checkmk agent's output: system and OS (<<<check_mk>>>, uptime), CPU (the cores of
 * <<<cpu>>>, or Windows' logical processors), memory, storage (df), services (systemd or Windows), and, on Linux,
 * interfaces and addresses (<<<lnx_if>>>'s `ip address` part and its ethtool lines). With Checkmk's inventory
 * plugin (mk_inventory) installed on the host, also its BIOS, disks and network adapters (checkmk-devices.ts) and
 * packages: dpkg's and rpm's (lnx_packages) or Windows' (win_wmi_software, win_reg_uninstall).
 */
import { ASSET_ROWS_MAX, type AssetInventory, type AssetRow } from '../../../shared/asset-sections'
import { SOFTWARE_PER_HOST_MAX, type SoftwarePackage } from '../../../shared/api/software'
import { fieldsOf, keyValues, subTable, wmiRow, type AgentOutput } from './checkmk-output'
import { filesystemsOf, servicesOf, uptimeOf } from './checkmk-health'
import { pendingUpdatesOf } from './checkmk-updates'
import { disksOf, networkAdaptersOf } from './checkmk-devices'

function cpuRows(output: AgentOutput): AssetRow[] {
  const cpu = output.get('cpu')
  const linux = cpu?.lines[0] ? Number(fieldsOf(cpu, cpu.lines[0])[5]) : NaN
  const windows = Number(wmiRow(output, 'wmi_cpuload', 'computer_system').get('NumberOfLogicalProcessors'))
  const n = Number.isInteger(linux) && linux > 0 ? linux : Number.isInteger(windows) && windows > 0 ? windows : 0
  return Array.from({ length: Math.min(n, ASSET_ROWS_MAX) }, (_, i) => ({ index: i, description: `Processor ${i}`, load_percent: null }))
}

/** 255.255.255.224 of a /27. */
function netmask(prefix: number): string {
  const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0
  return [24, 16, 8, 0].map((shift) => (mask >>> shift) & 255).join('.')
}

/** `ip address` lines of lnx_if: the interfaces with their flags, MTU, state and MAC, and their IPv4 addresses. */
function linuxInterfaces(output: AgentOutput): { interfaces: AssetRow[]; addresses: AssetRow[] } {
  const section = output.get('lnx_if')
  const lines = section?.lines ?? []
  const start = lines.findIndex((l) => l.trim() === '[start_iplink]')
  const end = lines.findIndex((l) => l.trim() === '[end_iplink]')
  const interfaces: AssetRow[] = []
  const addresses: AssetRow[] = []
  if (start === -1) return { interfaces, addresses }
  for (const line of lines.slice(start + 1, end === -1 ? undefined : end)) {
    const head = /^(\d+):\s+([^:@\s]+)[^:]*:\s+<([^>]*)>(.*)$/.exec(line)
    if (head) {
      const flags = head[3].split(',')
      const mtu = /\bmtu (\d+)/.exec(head[4])
      const state = /\bstate (\S+)/.exec(head[4])?.[1].toLowerCase()
      interfaces.push({
        index: Number(head[1]),
        name: head[2],
        description: head[2],
        alias: null,
        type: null,
        mtu: mtu ? Number(mtu[1]) : null,
        speed_mbps: null,
        mac: null,
        admin_status: flags.includes('UP') ? 'up' : 'down',
        // A loopback's state is UNKNOWN: carrier (LOWER_UP) says whether it passes traffic.
        oper_status: state === 'up' || (state === 'unknown' && flags.includes('LOWER_UP')) ? 'up' : (state ?? null),
      })
      continue
    }
    const current = interfaces.at(-1)
    const link = /^\s+link\/(\S+)\s+([0-9a-f:]+)/.exec(line)
    if (current && link) {
      current.type = link[1] === 'loopback' ? 'softwareLoopback' : link[1] === 'ether' ? 'ethernetCsmacd' : link[1]
      current.mac = link[2]
    }
    const inet = /^\s+inet (\d+\.\d+\.\d+\.\d+)\/(\d+)/.exec(line)
    if (current && inet) addresses.push({ address: inet[1], netmask: netmask(Number(inet[2])), interface: current.name })
  }
  // ethtool's lines per interface ([net0] … Speed: 1000Mb/s).
  for (const row of interfaces) {
    const speed = subTable(section, String(row.name)).find((l) => /^\s*Speed:/.test(l))
    const mbps = speed ? /(\d+)Mb\/s/.exec(speed) : null
    if (mbps) row.speed_mbps = Number(mbps[1])
  }
  return { interfaces: interfaces.slice(0, ASSET_ROWS_MAX), addresses: addresses.slice(0, ASSET_ROWS_MAX) }
}

/** What one package list line names, when it is a package that is installed. */
function packageOf(section: string, f: string[]): SoftwarePackage | null {
  const text = (v: string | undefined) => (v && v !== '-' ? v.trim() : '')
  const name = text(f[0])
  if (!name) return null
  if (section === 'lnx_packages') {
    const [, version, arch, fourth, , , status] = f
    // dpkg: name|version|arch|deb|-|summary|status, only what is installed (not "config-files").
    if (fourth === 'deb')
      return status && !/\binstalled$/.test(status.trim()) ? null : { name, version: text(version), arch: text(arch) || null, vendor: null }
    // rpm: name, version, arch, release, … (tab separated).
    return { name, version: [text(version), text(fourth)].filter(Boolean).join('-'), arch: text(arch) || null, vendor: null }
  }
  // win_wmi_software: name|vendor|version|…; win_reg_uninstall: name|publisher|location|key|version|….
  const vendor = text(f[1])
  if (name === 'Name' && vendor === 'Vendor') return null
  return { name, version: text(section === 'win_wmi_software' ? f[2] : f[4]), vendor: vendor || null, arch: null }
}

/** The host's packages, once each name and version; undefined when the agent sends no package list. */
export function checkmkPackages(output: AgentOutput): SoftwarePackage[] | undefined {
  const sections = ['lnx_packages', 'win_wmi_software', 'win_reg_uninstall'].filter((s) => output.has(s))
  if (!sections.length) return undefined
  const seen = new Map<string, SoftwarePackage>()
  for (const name of sections) {
    const section = output.get(name)!
    for (const line of section.lines) {
      const p = packageOf(name, section.sep === null ? line.trim().split(/\s+/) : line.split(section.sep))
      const key = p && JSON.stringify([p.name, p.version])
      if (p && key && !seen.has(key) && seen.size < SOFTWARE_PER_HOST_MAX) seen.set(key, p)
    }
  }
  return [...seen.values()]
}

/**
 * dmidecode's blocks (mk_inventory.linux sends `dmidecode -q` with its tabs turned into colons: `BIOS Information`,
 * then `:Vendor: Dell Inc.`), or Windows' Win32_BIOS as `Key : value` lines (win_bios), as block → key → value.
 */
function hardwareBlocks(output: AgentOutput): Map<string, Map<string, string>> {
  const blocks = new Map<string, Map<string, string>>()
  const dmi = output.get('dmidecode')
  let current: Map<string, string> | null = null
  for (const line of dmi?.lines ?? []) {
    if (!line.startsWith(':')) {
      current = blocks.get(line.trim()) ?? new Map()
      if (!blocks.has(line.trim())) blocks.set(line.trim(), current)
      continue
    }
    const [, key, ...value] = line.split(':')
    if (current && key && !current.has(key.trim())) current.set(key.trim(), value.join(':').trim())
  }
  const bios = output.get('win_bios')
  if (bios) blocks.set('Win32_BIOS', keyValues(bios))
  return blocks
}

/** The machine's maker and model: Windows' WMI, or dmidecode's System Information. */
function hardwareText(blocks: Map<string, Map<string, string>>, computer: Map<string, string>): string | null {
  const system = blocks.get('System Information')
  const parts = computer.size
    ? [computer.get('Manufacturer'), computer.get('Model')]
    : [system?.get('Manufacturer'), system?.get('Product Name')]
  return parts.filter(Boolean).join(' ') || null
}

/** Windows' WMI dates (20220113000000.000000+000) as 2022-01-13; dmidecode's 01/13/2022 likewise. */
function biosDate(text: string | undefined): string | null {
  const wmi = /^(\d{4})(\d{2})(\d{2})\d{6}/.exec(text ?? '')
  if (wmi) return `${wmi[1]}-${wmi[2]}-${wmi[3]}`
  const us = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text ?? '')
  return us ? `${us[3]}-${us[1]}-${us[2]}` : text || null
}

function biosRows(blocks: Map<string, Map<string, string>>): AssetRow[] {
  const dmi = blocks.get('BIOS Information')
  const system = blocks.get('System Information')
  const win = blocks.get('Win32_BIOS')
  if (dmi)
    return [
      {
        vendor: dmi.get('Vendor') || null,
        version: dmi.get('Version') || null,
        release_date: biosDate(dmi.get('Release Date')),
        serial_number: system?.get('Serial Number') || null,
      },
    ]
  if (win)
    return [
      {
        vendor: win.get('Manufacturer') || null,
        version: win.get('SMBIOSBIOSVersion') || win.get('Version') || null,
        release_date: biosDate(win.get('ReleaseDate')),
        serial_number: win.get('SerialNumber') || null,
      },
    ]
  return []
}

export function checkmkInventory(output: AgentOutput): AssetInventory {
  const hardware = hardwareBlocks(output)
  const agent = keyValues(output.get('check_mk'))
  const computer = wmiRow(output, 'wmi_cpuload', 'computer_system')
  const name = agent.get('Hostname') || null
  const os = agent.get('AgentOS') || null
  const inventory: AssetInventory = {
    system: [
      {
        name,
        description: hardwareText(hardware, computer),
        object_id: null,
        location: null,
        contact: null,
        uptime_s: uptimeOf(output),
      },
    ],
    os: [
      {
        // Agents from 2.1 on name the distribution; older ones only the family.
        name: agent.get('OSName') || os,
        version: agent.get('OSVersion') || null,
        type: agent.get('OSType') || os,
        architecture: agent.get('Architecture') || agent.get('OSPlatform') || null,
        agent_version: agent.get('Version') || null,
      },
    ],
  }
  const bios = biosRows(hardware)
  if (bios.length) inventory.bios = bios
  const cpu = cpuRows(output)
  if (cpu.length) inventory.cpu = cpu
  const mem = keyValues(output.get('mem')).get('MemTotal')
  if (mem) inventory.memory = [{ total_bytes: Number.parseInt(mem, 10) * 1024 }]
  const filesystems = filesystemsOf(output)
  if (filesystems.length)
    inventory.storage = filesystems.slice(0, ASSET_ROWS_MAX).map((fs, i) => ({
      index: i + 1,
      description: fs.mount,
      type: fs.type,
      size_bytes: fs.size_bytes,
      used_bytes: fs.used_bytes,
    }))
  const services = servicesOf(output)
  if (services?.rows.length) inventory.services = services.rows.slice(0, ASSET_ROWS_MAX).map((r) => ({ ...r }))
  const disks = disksOf(output)
  if (disks.length) inventory.disks = disks
  const adapters = networkAdaptersOf(output)
  if (adapters.length) inventory.network_adapters = adapters
  const pending = pendingUpdatesOf(output)?.updates
  if (pending?.length) inventory.updates = pending.slice(0, ASSET_ROWS_MAX).map((u) => ({ ...u }))
  const { interfaces, addresses } = linuxInterfaces(output)
  if (interfaces.length) inventory.interfaces = interfaces
  if (addresses.length) inventory.addresses = addresses
  return inventory
}
