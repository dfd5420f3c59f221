/**
 * SPEC §3 asset sections disks and network adapters from Checkmk's inventory plugin (mk_inventory) on the host:
 * Linux's block devices (lnx_block_devices: a `|device|/sys/…/block/sda|` line, then `|size|…|`, `|device/model|…|`
 * and the like), and Windows' Win32_DiskDrive (win_disks) and Win32_NetworkAdapter with its configuration
 * (win_networkadapter), `Key: value` lines in which the first key coming again starts the next instance.
 */
import { ASSET_ROWS_MAX, type AssetRow } from '../../../shared/asset-sections'
import type { AgentOutput, AgentSection } from './checkmk-output'

/** The instances of a WMI `Key: value` section, their empty values left out. */
function wmiInstances(section: AgentSection | undefined): Map<string, string>[] {
  const instances: Map<string, string>[] = []
  let first: string | null = null
  let current = new Map<string, string>()
  for (const line of section?.lines ?? []) {
    const at = line.indexOf(':')
    if (at < 1) continue
    const key = line.slice(0, at).trim()
    const value = line.slice(at + 1).trim()
    if (first === null) first = key
    else if (key === first) {
      if (current.size) instances.push(current)
      current = new Map()
    }
    if (value) current.set(key, value)
  }
  if (current.size) instances.push(current)
  return instances.slice(0, ASSET_ROWS_MAX)
}

const numberOr = (text: string | undefined) => (text && /^\d+$/.test(text) ? Number(text) : null)
/** WMI's lists (addresses, subnets) are space-separated. */
const list = (text: string | undefined) => (text ? text.split(/\s+/).filter(Boolean).join(', ') : null)

/** How a Linux block device is attached, from where the kernel put it. */
function linuxBus(path: string): string | null {
  if (path.includes('/nvme')) return 'NVMe'
  if (path.includes('/virtio')) return 'virtio'
  if (path.includes('/usb')) return 'USB'
  if (path.includes('/ata')) return 'ATA'
  if (path.includes('/mmc')) return 'MMC'
  return path.includes('/host') ? 'SCSI' : null
}

function linuxDisks(section: AgentSection | undefined): AssetRow[] {
  const disks: { path: string; items: Map<string, string> }[] = []
  for (const line of section?.lines ?? []) {
    const m = /^\|([^|]+)\|(.*)\|$/.exec(line.trim())
    if (!m) continue
    if (m[1] === 'device') disks.push({ path: m[2]!, items: new Map() })
    else disks.at(-1)?.items.set(m[1]!, m[2]!.trim())
  }
  return disks.slice(0, ASSET_ROWS_MAX).map(({ path, items }) => {
    const sectors = numberOr(items.get('size'))
    const type = items.get('device/type')
    return {
      name: path.split('/').at(-1) ?? path,
      vendor: items.get('device/vendor') || null,
      model: items.get('device/model') || null,
      serial_number: items.get('device/serial') || null,
      interface: linuxBus(path),
      // SCSI's type 0 is a disk; MMC devices name their kind (MMC, SD)
      media: type && !/^\d+$/.test(type) ? type : null,
      // the kernel counts 512-byte sectors whatever the disk's own block size
      size_bytes: sectors === null ? null : sectors * 512,
    }
  })
}

export function disksOf(output: AgentOutput): AssetRow[] {
  const windows = wmiInstances(output.get('win_disks')).map((d) => ({
    name: d.get('Name') ?? null,
    vendor: d.get('Manufacturer') ?? null,
    model: d.get('Model') ?? null,
    serial_number: d.get('SerialNumber') ?? null,
    interface: d.get('InterfaceType') ?? null,
    media: d.get('MediaType') ?? null,
    size_bytes: numberOr(d.get('Size')),
  }))
  return windows.length ? windows : linuxDisks(output.get('lnx_block_devices'))
}

export function networkAdaptersOf(output: AgentOutput): AssetRow[] {
  return wmiInstances(output.get('win_networkadapter')).map((a) => {
    const bits = numberOr(a.get('Speed'))
    return {
      name: a.get('Name') ?? a.get('ServiceName') ?? null,
      type: a.get('AdapterType') ?? null,
      mac: a.get('MACAddress')?.toLowerCase() ?? null,
      speed_mbps: bits === null ? null : Math.round(bits / 1_000_000),
      addresses: list(a.get('Address')),
      subnets: list(a.get('Subnet')),
      gateway: list(a.get('DefaultGateway')),
      service: a.get('ServiceName') ?? null,
    }
  })
}
