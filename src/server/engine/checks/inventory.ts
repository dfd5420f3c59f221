/**
 * `inventory`: collects a host's SPEC §3 asset sections from its SNMP agent (v2c, the host's sealed community) —
 * system (MIB-II system group), interfaces (ifTable with ifXTable's names, aliases and speeds), addresses
 * (ipAddrTable), routes (ipCidrRouteTable) and, from HOST-RESOURCES-MIB, CPU (the processors among hrDeviceTable
 * with hrProcessorLoad), memory (hrMemorySize), storage (hrStorageTable) and disks (the disk devices with
 * hrDiskStorageTable) — and hands them to the engine, which replaces the rows this resource collected before
 * (store/host-assets.ts). SPEC §3 "Network device fields: … snmp (required). They are
 * checked for backup and inventory."
 */
import netSnmp, { type Session } from 'net-snmp'
import { z } from 'zod'
import { ASSET_ROWS_MAX, type AssetInventory, type AssetRow } from '../../../shared/asset-sections'
import { HostField, PortField } from './common'
import { withAgent } from './snmp-agent'
import { get, num, text, walkTable, type SnmpValue } from './snmp-table'
import type { CheckContext, CheckKind, CheckResult } from './types'

export const InventoryConfig = z.object({
  /** defaults to the host's address */
  host: HostField.optional(),
  port: PortField.default(161),
  /** a large chassis answers its tables slowly */
  timeout_s: z.number().int().min(1).max(120).optional(),
})
export type InventoryConfig = z.infer<typeof InventoryConfig>

const LABEL = 'INVENTORY'
const SYSTEM = '1.3.6.1.2.1.1'
const IF_TABLE = '1.3.6.1.2.1.2.2.1'
const IFX_TABLE = '1.3.6.1.2.1.31.1.1.1'
const IP_ADDR_TABLE = '1.3.6.1.2.1.4.20.1'
const STORAGE_TABLE = '1.3.6.1.2.1.25.2.3.1'
const STORAGE_TYPES = '1.3.6.1.2.1.25.2.1.'
const MEMORY_SIZE = '1.3.6.1.2.1.25.2.2.0'
const DEVICE_TABLE = '1.3.6.1.2.1.25.3.2.1'
const PROCESSOR = '1.3.6.1.2.1.25.3.1.3'
const PROCESSOR_TABLE = '1.3.6.1.2.1.25.3.3.1'
const DISK_STORAGE = '1.3.6.1.2.1.25.3.1.6'
const DISK_TABLE = '1.3.6.1.2.1.25.3.6.1'
const ROUTE_TABLE = '1.3.6.1.2.1.4.24.4.1'

// IANAifType (RFC 2863) and hrStorageType (RFC 2790) names of the common values; others show their number.
const IF_TYPES: Record<number, string> = {
  1: 'other',
  6: 'ethernetCsmacd',
  24: 'softwareLoopback',
  53: 'propVirtual',
  71: 'ieee80211',
  131: 'tunnel',
  135: 'l2vlan',
  136: 'l3ipvlan',
  161: 'ieee8023adLag',
}
const IF_STATUS = ['', 'up', 'down', 'testing', 'unknown', 'dormant', 'notPresent', 'lowerLayerDown']
const ROUTE_TYPES = ['', 'other', 'reject', 'local', 'remote']
const STORAGE_TYPE_NAMES = [
  '',
  'other',
  'ram',
  'virtualMemory',
  'fixedDisk',
  'removableDisk',
  'floppyDisk',
  'compactDisc',
  'ramDisk',
  'flashMemory',
  'networkDisk',
]

// hrDiskStorageMedia (RFC 2790)
const DISK_MEDIA = ['', 'other', 'unknown', 'hardDisk', 'floppyDisk', 'opticalDiskROM', 'opticalDiskWORM', 'opticalDiskRW', 'ramDisk']

const mac = (value: SnmpValue) =>
  Buffer.isBuffer(value) && value.length ? [...value].map((b) => b.toString(16).padStart(2, '0')).join(':') : null

async function collect(session: Session): Promise<{ inventory: AssetInventory; truncated: string[] }> {
  const system = await get(
    session,
    [1, 2, 3, 4, 5, 6].map((n) => `${SYSTEM}.${n}.0`),
  )
  const value = (n: number) => {
    const vb = system[n - 1]
    return vb && !netSnmp.isVarbindError(vb) ? (vb.value as SnmpValue) : null
  }
  const inventory: AssetInventory = {
    system: [
      {
        name: text(value(5)),
        description: text(value(1)),
        object_id: text(value(2)),
        location: text(value(6)),
        contact: text(value(4)),
        // sysUpTime is in hundredths of a second
        uptime_s: num(value(3)) === null ? null : Math.floor(num(value(3))! / 100),
      },
    ],
  }
  const truncated: string[] = []
  const walked = async (base: string, section: string) => {
    const w = await walkTable(session, base, ASSET_ROWS_MAX)
    if (w.truncated) truncated.push(section)
    return w.table
  }
  const ifs = await walked(IF_TABLE, 'interfaces')
  const ifx = await walked(IFX_TABLE, 'interfaces')
  const ifName = (index: string) => text(ifx.get(index)?.get(1) ?? null) || text(ifs.get(index)?.get(2) ?? null)
  if (ifs.size)
    inventory.interfaces = [...ifs].map(([index, c]): AssetRow => {
      const high = num(ifx.get(index)?.get(15) ?? null)
      const speed = num(c.get(5) ?? null)
      return {
        index: Number(index),
        name: ifName(index),
        description: text(c.get(2) ?? null),
        alias: text(ifx.get(index)?.get(18) ?? null),
        type: IF_TYPES[num(c.get(3) ?? null) ?? 0] ?? String(c.get(3) ?? ''),
        mtu: num(c.get(4) ?? null),
        // ifHighSpeed (Mbit/s) where the agent has it: ifSpeed stops at 4.29 Gbit/s
        speed_mbps: high ?? (speed === null ? null : Math.round(speed / 1_000_000)),
        mac: mac(c.get(6) ?? null),
        admin_status: IF_STATUS[num(c.get(7) ?? null) ?? 0] || null,
        oper_status: IF_STATUS[num(c.get(8) ?? null) ?? 0] || null,
      }
    })
  const addresses = await walked(IP_ADDR_TABLE, 'addresses')
  if (addresses.size)
    inventory.addresses = [...addresses.values()].map((c) => ({
      address: text(c.get(1) ?? null),
      netmask: text(c.get(3) ?? null),
      interface: ifName(String(c.get(2) ?? '')),
    }))
  const routes = await walked(ROUTE_TABLE, 'routes')
  if (routes.size)
    inventory.routes = [...routes.values()].map((c) => ({
      destination: text(c.get(1) ?? null),
      netmask: text(c.get(2) ?? null),
      next_hop: text(c.get(4) ?? null),
      interface: ifName(String(c.get(5) ?? '')),
      type: ROUTE_TYPES[num(c.get(6) ?? null) ?? 0] || null,
    }))
  // HOST-RESOURCES-MIB: the processors among the devices, with their load over the last minute.
  const devices = await walked(DEVICE_TABLE, 'cpu')
  const loads = await walked(PROCESSOR_TABLE, 'cpu')
  const processors = [...devices].filter(([, c]) => text(c.get(2) ?? null) === PROCESSOR)
  if (processors.length)
    inventory.cpu = processors.map(([index, c]) => ({
      index: Number(index),
      description: text(c.get(3) ?? null),
      load_percent: num(loads.get(index)?.get(2) ?? null),
    }))
  // The disks among the devices, with their medium and capacity (KB); the table is only asked when there are some.
  const disks = [...devices].filter(([, c]) => text(c.get(2) ?? null) === DISK_STORAGE)
  const diskStorage = disks.length ? await walked(DISK_TABLE, 'disks') : new Map<string, Map<number, SnmpValue>>()
  if (disks.length)
    inventory.disks = disks.map(([index, c]) => {
      const d = diskStorage.get(index)
      const kb = num(d?.get(4) ?? null)
      const media = DISK_MEDIA[num(d?.get(2) ?? null) ?? 0] || null
      return {
        name: text(c.get(3) ?? null),
        vendor: null,
        model: null,
        serial_number: null,
        interface: null,
        // hrDiskStorageRemoveble: TruthValue, 1 true
        media: media && num(d?.get(3) ?? null) === 1 ? `${media}, removable` : media,
        size_bytes: kb === null ? null : kb * 1024,
      }
    })
  const [memory] = await get(session, [MEMORY_SIZE])
  const kb = memory && !netSnmp.isVarbindError(memory) ? num(memory.value as SnmpValue) : null
  if (kb !== null) inventory.memory = [{ total_bytes: kb * 1024 }]
  const storage = await walked(STORAGE_TABLE, 'storage')
  if (storage.size)
    inventory.storage = [...storage].map(([index, c]) => {
      const type = text(c.get(2) ?? null) ?? ''
      const unit = num(c.get(4) ?? null) ?? 0
      const size = num(c.get(5) ?? null)
      const used = num(c.get(6) ?? null)
      return {
        index: Number(index),
        description: text(c.get(3) ?? null),
        type: type.startsWith(STORAGE_TYPES) ? (STORAGE_TYPE_NAMES[Number(type.slice(STORAGE_TYPES.length))] ?? type) : type,
        size_bytes: size === null ? null : size * unit,
        used_bytes: used === null ? null : used * unit,
      }
    })
  return { inventory, truncated }
}

function summary(inventory: AssetInventory): string {
  const counts = [
    [inventory.interfaces?.length ?? 0, 'interfaces'],
    [inventory.addresses?.length ?? 0, 'addresses'],
    [inventory.storage?.length ?? 0, 'storage areas'],
  ] as const
  return counts.map(([n, what]) => `${n} ${what}`).join(', ')
}

function inventoryOf(config: InventoryConfig, ctx: CheckContext): Promise<CheckResult> {
  return withAgent(
    {
      label: LABEL,
      host: config.host ?? ctx.address,
      port: config.port,
      retries: 1,
      timeoutMs: Math.min(ctx.timeoutMs, 5000),
      ask: async (session) => {
        const { inventory, truncated } = await collect(session)
        const name = inventory.system?.[0]?.name
        const cut = truncated.length ? ` (first ${ASSET_ROWS_MAX} rows of ${[...new Set(truncated)].join(', ')})` : ''
        return { status: 0, output: `${LABEL} OK - ${name ? `${name}: ` : ''}${summary(inventory)}${cut}`, perfdata: [], inventory }
      },
    },
    ctx,
  )
}

export const inventory: CheckKind<InventoryConfig> = { kind: 'inventory', config: InventoryConfig, usesSecrets: true, run: inventoryOf }
