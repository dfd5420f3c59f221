/**
 * SPEC §3 access method check_mk: the `checkmk-agent` check reads a Checkmk agent over TCP as a Checkmk site pulls
 * it and judges the host's CPU load, memory (SPEC §5 memory thresholds, percent used or MB free), filesystems and
 * services, or collects its asset sections (SPEC §3). The agent is a loopback TCP service serving agent output.
 */
import net from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { runCheck, type CheckMemo } from '../../src/server/engine/checks'
import { AGENT_OUTPUT_MAX, checkmkAgent } from '../../src/server/engine/checks/checkmk-agent'
import { judgeAgentOutput, type Limits } from '../../src/server/engine/checks/checkmk-health'
import { parseAgentOutput } from '../../src/server/engine/checks/checkmk-output'
import { withOrganizationThresholds } from '../../src/server/engine/organization-thresholds'
import { OrganizationThresholds } from '../../src/shared/api/thresholds'
import { LOOPBACK } from '../fixtures/loopback'
import { exchangeSections, linuxAgentOutput, startAgent, windowsAgentOutput, type Agent } from '../fixtures/checkmk-agent'

describe('checkmk-agent check', () => {
  let agent: Agent | undefined
  afterEach(async () => {
    await agent?.close()
    agent = undefined
  })
  const serve = async (output: string | Buffer) => (agent = await startAgent(output))
  const run = (config: Record<string, unknown> = {}, timeoutMs = 5000) =>
    runCheck(checkmkAgent, checkmkAgent.config.parse({ port: agent!.port, ...config }), { timeoutMs, address: LOOPBACK, secrets: {} })

  it('is OK with the load, memory, filesystems, services and uptime of a healthy Linux host', async () => {
    await serve(linuxAgentOutput())
    const result = await run()
    expect(result.status).toBe(0)
    expect(result.output).toBe(
      'CHECKMK OK - CPU load 0.3 on 2 cores, memory 50 % used of 15.6 GiB, 2 filesystems, fullest / 25 %, 2 services running, 1 local check OK, up 9 days',
    )
    expect(result.long_output!.split('\n')).toHaveLength(6)
    // tmpfs (full) and the other host's piggyback data are not this host's filesystems.
    expect(result.perfdata.map((p) => p.label)).toEqual([
      'load1',
      'load5',
      'load15',
      'memory_used',
      'memory_used_percent',
      '/',
      '/srv/web data',
      'services_failed',
      'Backup age age',
      'uptime',
    ])
    expect(result.perfdata.find((p) => p.label === 'load15')).toMatchObject({ value: 0.3, warn: { end: 10 }, crit: { end: 20 } })
    expect(result.perfdata.find((p) => p.label === '/')).toMatchObject({ value: 25, unit: '%', max: 100 })
  })

  it('names a filesystem over its threshold, a failed service and a high load', async () => {
    await serve(linuxAgentOutput({ rootUsedKb: 7_500_000, failedService: 'backup.service', load15: 12 }))
    const result = await run()
    expect(result.status).toBe(2)
    expect(result.output).toBe(
      'CHECKMK CRITICAL - CPU load 12 on 2 cores (warning at 10), filesystem / 94 % used of 7.6 GiB (critical at 90 %), 1 failed service: backup.service',
    )
    expect(result.long_output).toContain('OK - memory 50 % used of 15.6 GiB')
  })

  it('judges the host’s local checks by their state, or by their metrics’ levels with P', async () => {
    await serve(
      linuxAgentOutput({
        local: [
          '0 "Backup age" age=3600;86400;172800 Last backup an hour ago',
          '2 Mailqueue - 250 mails waiting',
          'P Connections count=70;50;100|errors=0;1;5 70 connections',
          'P Temperature temp=15;20:30;10:40 15 °C',
          'cached(1700000000,300) 0 Updates - all installed',
          'not a local check line',
          // What a script prints reaches the output as one line of text.
          '1 Bell - a detail with\u0007a bell',
        ],
      }),
    )
    const result = await run({ parts: ['local'] })
    expect(result.status).toBe(2)
    expect(result.output).toBe(
      'CHECKMK CRITICAL - Mailqueue CRITICAL: 250 mails waiting, Connections WARNING: 70 connections, Temperature WARNING: 15 °C, Bell WARNING: a detail with a bell',
    )
    expect(result.perfdata.map((p) => [p.label, p.value])).toEqual([
      ['Backup age age', 3600],
      ['Connections count', 70],
      ['Connections errors', 0],
      ['Temperature temp', 15],
    ])
    await agent!.close()
    await serve(linuxAgentOutput({ local: ['3 "Raid status" - controller not found'] }))
    expect(await run({ parts: ['local'] })).toMatchObject({
      status: 3,
      output: 'CHECKMK UNKNOWN - Raid status UNKNOWN: controller not found',
    })
  })

  it('warns of pending updates and is CRITICAL for security updates, as Checkmk’s APT service', async () => {
    const apt = [
      'Inst openssl [3.0.14-1~deb12u2] (3.0.15-1~deb12u1 Debian-Security:12/stable-security [amd64])',
      'Inst libssl3 [3.0.14-1~deb12u2] (3.0.15-1~deb12u1 Debian-Security:12/stable-security [amd64]) []',
      'Inst tzdata [2024a-0+deb12u1] (2024b-0+deb12u1 Debian:12.8/stable [all])',
      'Conf tzdata (2024b-0+deb12u1 Debian:12.8/stable [all])',
    ]
    await serve(linuxAgentOutput({ apt }))
    const result = await run({ parts: ['updates'] })
    expect(result).toMatchObject({ status: 2, output: 'CHECKMK CRITICAL - 2 security updates pending: openssl, libssl3 (and 1 other)' })
    expect(result.perfdata.map((p) => [p.label, p.value])).toEqual([
      ['updates_security', 2],
      ['updates_normal', 1],
    ])
    expect((await run({ inventory: true })).inventory!.updates).toEqual([
      { name: 'openssl', version: '3.0.15-1~deb12u1', kind: 'security' },
      { name: 'libssl3', version: '3.0.15-1~deb12u1', kind: 'security' },
      { name: 'tzdata', version: '2024b-0+deb12u1', kind: 'normal' },
    ])
    await agent!.close()
    await serve(linuxAgentOutput({ apt: [apt[2]] }))
    expect(await run({ parts: ['updates'] })).toMatchObject({ status: 1, output: 'CHECKMK WARNING - 1 update pending: tzdata' })
    await agent!.close()
    await serve(linuxAgentOutput({ apt: ['No updates pending for installation'] }))
    expect(await run({ parts: ['updates'] })).toMatchObject({ status: 0, output: 'CHECKMK OK - no updates pending' })
  })

  it('judges only the filesystems and local checks a resource names', async () => {
    await serve(linuxAgentOutput({ rootUsedKb: 7_500_000, local: ['2 Mailqueue - 250 mails waiting', '0 Certificates - all valid'] }))
    const data = await run({ parts: ['filesystems'], mounts: ['/srv/web data'] })
    expect(data).toMatchObject({ status: 0, output: 'CHECKMK OK - 1 filesystem, fullest /srv/web data 10 %' })
    expect(data.perfdata.map((p) => p.label)).toEqual(['/srv/web data'])
    expect((await run({ parts: ['filesystems'], mounts: ['/'] })).status).toBe(2)
    expect(await run({ parts: ['local'], local_checks: ['Certificates'] })).toMatchObject({
      status: 0,
      output: 'CHECKMK OK - 1 local check OK',
    })
    // A filesystem or local check the agent no longer reports is UNKNOWN, not silently OK.
    expect(await run({ parts: ['filesystems'], mounts: ['/data'] })).toMatchObject({
      status: 3,
      output: 'CHECKMK UNKNOWN - the agent reports no filesystem /data',
    })
    expect((await run({ parts: ['local'], local_checks: ['Backups'] })).output).toBe(
      'CHECKMK UNKNOWN - the agent reports no local check Backups',
    )
  })

  it('takes filesystem levels and memory as MB free from the check, and its organization’s memory thresholds', async () => {
    await serve(linuxAgentOutput({ rootUsedKb: 7_500_000, memAvailableKb: 1_536_000 }))
    const own = await run({ fs_warn_pct: 95, fs_crit_pct: 98, memory_unit: 'mb_free', memory_warn: 2000, memory_crit: 1000 })
    expect(own.status).toBe(1)
    expect(own.output).toBe('CHECKMK WARNING - memory 1500 MB free of 15.6 GiB (warning at 2000 MB free)')
    expect(own.perfdata.find((p) => p.label === 'memory_free')).toMatchObject({
      value: 1500 * 1024 ** 2,
      warn: { start: 2000 * 1024 ** 2, end: null },
    })

    // SPEC §5: an organization's memory thresholds reach every such check that sets none of its own.
    const thresholds = OrganizationThresholds.parse({ memory: { unit: 'percent_used', warning: 85, critical: 95 } })
    const config = withOrganizationThresholds('checkmk-agent', { port: agent!.port }, thresholds) as Record<string, unknown>
    const byOrganization = await run(config)
    expect(byOrganization.output).toContain('memory 91 % used of 15.6 GiB (warning at 85 %)')
    expect(byOrganization.status).toBe(2) // the root filesystem at 94 %
  })

  it('reads a Windows agent: its processor queue as CPU load, drive letters and stopped automatic services', async () => {
    await serve(windowsAgentOutput())
    const result = await run()
    expect(result.status).toBe(2)
    const update = '2024-11 Cumulative Update for Microsoft server operating system version 21H2 for x64-based Systems (KB5046616)'
    expect(result.output).toBe(
      `CHECKMK CRITICAL - filesystem C:\\ 90 % used of 100 GiB (critical at 90 %), 1 important update pending: ${update}`,
    )
    expect(result.long_output!.split('\n')).toEqual([
      'OK - CPU load 0 on 8 cores',
      'OK - memory 50 % used of 32 GiB',
      'CRITICAL - filesystem C:\\ 90 % used of 100 GiB (critical at 90 %)',
      'OK - 2 services running, 1 set to start automatically stopped: Spooler',
      `WARNING - 1 important update pending: ${update}`,
      'OK - up 1 day',
    ])
    expect((await run({ parts: ['services'] })).status).toBe(0)
  })

  it('judges Exchange replication only when asked, as the exchange_replication option asks (SPEC §3 check options)', async () => {
    await serve(windowsAgentOutput({ exchange: exchangeSections() }))
    // Not part of the agent check itself: the option brings a check of its own, so nothing is judged twice.
    expect((await run()).long_output).not.toContain('Exchange')
    const asked = { parts: ['exchange_replication'] }
    expect(await run(asked)).toMatchObject({
      status: 0,
      output: 'CHECKMK OK - Exchange replication: 3 checks passed, 2 database copies healthy',
      perfdata: [expect.objectContaining({ label: 'copy_queue', value: 12 }), expect.objectContaining({ label: 'replay_queue', value: 2 })],
    })
    await agent!.close()
    await serve(windowsAgentOutput({ exchange: exchangeSections({ failed: true }) }))
    expect(await run(asked)).toMatchObject({
      status: 2,
      output:
        'CHECKMK CRITICAL - Exchange replication: ClusterNetwork *FAILED* (The cluster network MapiDagNetwork on EX01 is down.), copy DB02\\EX01 FailedAndSuspended',
    })
    // A server without the msexch plugin: the check says what the agent lacks.
    await agent!.close()
    await serve(windowsAgentOutput())
    expect(await run(asked)).toMatchObject({ status: 3, output: 'CHECKMK UNKNOWN - the agent reports no Exchange replication' })
  })

  it('averages a Windows processor queue over 5 and 15 minutes from what the previous run kept, as Unix load averages', () => {
    const limits: Limits = {
      ...{ load_warn_per_core: 1, load_crit_per_core: 2, fs_warn_pct: 80, fs_crit_pct: 90 },
      ...{ memory_unit: 'percent_used', memory_warn: 80, memory_crit: 90 },
    }
    const judge = (queue: number, memo: CheckMemo | undefined, now: number) =>
      judgeAgentOutput(parseAgentOutput(windowsAgentOutput({ queue })), limits, ['cpu'], memo, now)
    // The first reading starts the averages: 12 threads waiting on 8 cores is over 1 per core.
    const first = judge(12, undefined, 1_000_000)
    expect(first.judged[0]).toMatchObject({ status: 1, text: 'CPU load 12 on 8 cores (warning at 8)' })
    // Quiet for 15 minutes: the 15-minute average keeps 1/e of what it was, the 5-minute one 1/e³.
    const later = judge(0, first.memo, 1_000_900)
    expect(later.judged[0].perfdata.map((p) => [p.label, p.value])).toEqual([
      ['load1', 0],
      ['load5', Number((12 * Math.exp(-3)).toFixed(2))],
      ['load15', Number((12 * Math.exp(-1)).toFixed(2))],
    ])
    expect(later.judged[0]).toMatchObject({ status: 0, text: 'CPU load 4.41 on 8 cores' })
  })

  it('measures the CPU utilisation between two readings of the counters, as Checkmk’s CPU utilization service', async () => {
    // Linux's jiffies; between the readings the machine spent 300 in user (and nice), 100 system, 550 idle, 50 I/O wait.
    let kernel = { at: 1_700_000_000, cpu: [10_000, 500, 4_000, 80_000, 1_000, 0, 0, 0] }
    agent = await startAgent(() => linuxAgentOutput({ kernel }))
    const config = checkmkAgent.config.parse({ port: agent.port, parts: ['cpu_util'] })
    const read = (memo?: CheckMemo, c: unknown = config) => runCheck(checkmkAgent, c as never, { timeoutMs: 5000, address: LOOPBACK, memo })
    const first = await read()
    expect(first).toMatchObject({ status: 0, output: 'CHECKMK OK - CPU utilisation from the next check on', perfdata: [] })
    // Service discovery offers it as a resource of its own, as Checkmk's "CPU utilization" service.
    const found = await runCheck(checkmkAgent, checkmkAgent.config.parse({ port: agent.port, discover: true }), {
      timeoutMs: 5000,
      address: LOOPBACK,
    })
    expect(found.services).toContainEqual({ name: 'CPU utilisation', check: { kind: 'checkmk-agent', config: { parts: ['cpu_util'] } } })
    expect(first.memo).toBeDefined()

    kernel = { at: kernel.at + 60, cpu: [10_250, 550, 4_100, 80_550, 1_050, 0, 0, 0] }
    const second = await read(first.memo)
    expect(second.status).toBe(0)
    expect(second.output).toBe('CHECKMK OK - CPU utilisation 45 % on 2 cores (user 30 %, system 10 %, I/O wait 5 %)')
    expect(second.perfdata.map((p) => [p.label, p.value])).toEqual([
      ['cpu_util', 45],
      ['cpu_user', 30],
      ['cpu_system', 10],
      ['cpu_iowait', 5],
      ['cpu_steal', 0],
    ])
    // No levels of its own: its organization's (SPEC §5 Thresholds) judge it.
    const thresholds = OrganizationThresholds.parse({ cpu_util_pct: { warning: 40, critical: 80 } })
    const judged = await read(first.memo, withOrganizationThresholds('checkmk-agent', config, thresholds))
    expect(judged).toMatchObject({ status: 1, output: expect.stringContaining('CPU utilisation 45 % on 2 cores (warning at 40 %)') })
    expect(judged.perfdata[0]).toMatchObject({ warn: { end: 40 }, crit: { end: 80 } })

    // Rebooted: the counters start again from zero, and the next reading has a rate again.
    kernel = { at: kernel.at + 60, cpu: [100, 0, 50, 1_000, 10, 0, 0, 0] }
    const rebooted = await read(second.memo)
    expect(rebooted.output).toBe('CHECKMK OK - CPU utilisation from the next check on (the counters restarted)')
    kernel = { at: kernel.at + 60, cpu: [200, 0, 50, 1_900, 10, 0, 0, 0] }
    expect((await read(rebooted.memo)).output).toBe('CHECKMK OK - CPU utilisation 10 % on 2 cores (user 10 %)')

    // Windows: idle, user and privileged ticks of the average core over 60 s (6e8 ticks of 100 ns).
    let processor = { at: 1_700_000_000.5, idle: 9e12, user: 2e12, privileged: 4e11 }
    await agent.close()
    agent = await startAgent(() => windowsAgentOutput({ processor }))
    const windows = checkmkAgent.config.parse({ port: agent.port, parts: ['cpu_util'], cpu_util_warn_pct: 70, cpu_util_crit_pct: 90 })
    const before = await read(undefined, windows)
    processor = {
      at: processor.at + 60,
      idle: processor.idle + 1.5e8,
      user: processor.user + 3e8,
      privileged: processor.privileged + 1.5e8,
    }
    const busy = await read(before.memo, windows)
    expect(busy.status).toBe(1)
    expect(busy.output).toBe('CHECKMK WARNING - CPU utilisation 75 % on 8 cores (warning at 70 %) (user 50 %, privileged 25 %)')
    // Without its counters in the output, a part asked for by name is UNKNOWN.
    await agent.close()
    agent = await startAgent(windowsAgentOutput())
    expect(await read(busy.memo, { ...windows, port: agent.port })).toMatchObject({
      status: 3,
      output: 'CHECKMK UNKNOWN - the agent reports no CPU utilisation',
    })
  })

  it('collects the asset sections with `inventory`', async () => {
    await serve(linuxAgentOutput())
    const result = await run({ inventory: true })
    expect(result).toMatchObject({ status: 0, output: 'CHECKMK OK - web-01: 3 services, 2 filesystems, 2 interfaces, 3 packages' })
    // dpkg's installed packages, a multiarch one once (a host lists a name and version once), none only configured.
    expect(result.packages).toEqual([
      { name: 'nginx', version: '1.22.1-9', arch: 'amd64', vendor: null },
      { name: 'openssl', version: '3.0.15-1~deb12u1', arch: 'amd64', vendor: null },
      { name: 'libc6', version: '2.36-9+deb12u9', arch: 'amd64', vendor: null },
    ])
    const found = result.inventory!
    expect(found.os).toEqual([
      { name: 'Debian GNU/Linux', version: '12', type: 'linux', architecture: 'x86_64', agent_version: '2.3.0p10' },
    ])
    expect(found.system).toEqual([expect.objectContaining({ name: 'web-01', description: 'Dell Inc. PowerEdge R350', uptime_s: 777600 })])
    expect(found.bios).toEqual([{ vendor: 'Dell Inc.', version: '1.13.2', release_date: '2024-04-18', serial_number: '7XK2QH3' }])
    expect(found.cpu).toHaveLength(2)
    expect(found.memory).toEqual([{ total_bytes: 16_384_000 * 1024 }])
    expect(found.storage).toEqual([
      { index: 1, description: '/', type: 'ext4', size_bytes: 8_000_000 * 1024, used_bytes: 2_000_000 * 1024 },
      { index: 2, description: '/srv/web data', type: 'xfs', size_bytes: 100_000_000 * 1024, used_bytes: 10_000_000 * 1024 },
    ])
    expect(found.services).toEqual([
      { name: 'nginx.service', description: 'A high performance web server', state: 'running', start_type: 'enabled' },
      { name: 'cron.service', description: 'Regular background program processing daemon', state: 'running', start_type: 'enabled' },
      { name: 'backup.service', description: 'Nightly backup', state: 'dead', start_type: 'disabled' },
    ])
    expect(found.interfaces!.find((i) => i.name === 'eth0')).toMatchObject({
      type: 'ethernetCsmacd',
      mtu: 1500,
      speed_mbps: 1000,
      mac: '52:54:00:12:34:56',
      admin_status: 'up',
      oper_status: 'up',
    })
    expect(found.addresses).toEqual([
      { address: '127.0.0.1', netmask: '255.0.0.0', interface: 'lo' },
      { address: '192.0.2.10', netmask: '255.255.255.0', interface: 'eth0' },
    ])
    expect(found.disks).toEqual([
      {
        name: 'sda',
        vendor: 'ATA',
        model: 'Samsung SSD 870',
        serial_number: 'S6PNNS0T512345',
        interface: 'ATA',
        media: null,
        size_bytes: 1_953_525_168 * 512,
      },
      {
        name: 'nvme0n1',
        vendor: null,
        model: 'Dell Ent NVMe P5600 MU U.2 1.6TB',
        serial_number: 'PHAC1234000A1P6AGN',
        interface: 'NVMe',
        media: null,
        size_bytes: 3_907_029_168 * 512,
      },
    ])
    expect(found.network_adapters).toBeUndefined()

    await agent!.close()
    await serve(windowsAgentOutput())
    const windows = (await run({ inventory: true })).inventory!
    expect(windows.system).toEqual([expect.objectContaining({ name: 'FILE-01', description: 'Dell Inc. PowerEdge R650', uptime_s: 90061 })])
    expect(windows.cpu).toHaveLength(8)
    expect(windows.bios).toEqual([{ vendor: 'Dell Inc.', version: '1.10.2', release_date: '2023-07-05', serial_number: '9FQ4ZJ3' }])
    expect(windows.services).toContainEqual({ name: 'Spooler', description: 'Print Spooler', state: 'stopped', start_type: 'auto' })
    expect(windows.disks).toEqual(
      ['0', '1'].map((n) =>
        expect.objectContaining({ name: `\\\\.\\PHYSICALDRIVE${n}`, model: 'DELL PERC H755 SCSI Disk Device', interface: 'SCSI' }),
      ),
    )
    expect(windows.disks![1]).toMatchObject({
      serial_number: '00f6e5d4c3b2a1',
      media: 'Fixed hard disk media',
      size_bytes: 3_999_688_294_400,
    })
    expect(windows.network_adapters).toEqual([
      {
        name: 'vmxnet3 Ethernet Adapter',
        type: 'Ethernet 802.3',
        mac: '00:50:56:a1:2b:3c',
        speed_mbps: 10_000,
        addresses: '192.0.2.20, fe80::1c2d:3e4f:5a6b:7c8d',
        subnets: '255.255.255.0, 64',
        gateway: '192.0.2.1',
        service: 'vmxnet3ndis6',
      },
      {
        name: 'Intel(R) Ethernet Connection X722',
        type: 'Ethernet 802.3',
        mac: '00:50:56:a1:2b:3d',
        speed_mbps: null,
        addresses: null,
        subnets: null,
        gateway: null,
        service: 'i40ea',
      },
    ])
    expect((await run({ inventory: true })).packages).toEqual([
      { name: 'Microsoft SQL Server 2019 (64-bit)', version: '15.0.2000.5', vendor: 'Microsoft Corporation', arch: null },
      { name: '7-Zip 23.01 (x64)', version: '23.01', vendor: 'Igor Pavlov', arch: null },
    ])

    // An rpm host's list is tab separated, with the release apart; an agent without the plugin lists none.
    await agent!.close()
    const rpm = [
      'openssl-libs\t3.0.7\tx86_64\t27.el9\tA general purpose cryptography library',
      'bash\t5.1.8\tx86_64\t9.el9\tThe GNU Bourne Again shell',
    ]
    await serve(`<<<check_mk>>>\nAgentOS: linux\n<<<lnx_packages:sep(9)>>>\n${rpm.join('\n')}\n`)
    expect((await run({ inventory: true })).packages).toEqual([
      { name: 'openssl-libs', version: '3.0.7-27.el9', arch: 'x86_64', vendor: null },
      { name: 'bash', version: '5.1.8-9.el9', arch: 'x86_64', vendor: null },
    ])
    await agent!.close()
    await serve('<<<check_mk>>>\nAgentOS: linux\n')
    expect((await run({ inventory: true })).packages).toBeUndefined()
  })

  it('says why it cannot read an agent', async () => {
    // Registered to a Checkmk site, the agent controller answers "16" and waits for TLS.
    await serve('16')
    expect(await run()).toMatchObject({ status: 3, output: expect.stringMatching(/asks for TLS: it is registered to a Checkmk site/) })
    await agent!.close()
    await serve(Buffer.concat([Buffer.from('03'), Buffer.alloc(64, 0xa5)]))
    expect((await run()).output).toMatch(/sends encrypted output/)
    await agent!.close()
    // An agent whose only_from leaves this server out closes at once.
    await serve('')
    expect((await run()).output).toMatch(/^CHECKMK CRITICAL - the agent on .* closed the connection without output/)
    await agent!.close()
    await serve('HTTP/1.1 400 Bad Request\r\n\r\n')
    expect((await run()).output).toBe('CHECKMK CRITICAL - the answer has no <<<check_mk>>> section: this is no Checkmk agent')
    await agent!.close()
    await serve(Buffer.alloc(AGENT_OUTPUT_MAX + 1024, 'x'))
    expect((await run()).output).toMatch(/sent more than 16 MiB/)
  })

  it('is CRITICAL when nothing listens or the agent never finishes', async () => {
    const closed = net.createServer()
    await new Promise<void>((resolve) => closed.listen(0, LOOPBACK, resolve))
    const port = (closed.address() as net.AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const refused = await runCheck(checkmkAgent, checkmkAgent.config.parse({ port }), { timeoutMs: 2000, address: LOOPBACK, secrets: {} })
    expect(refused.output).toBe(`CHECKMK CRITICAL - cannot connect to ${LOOPBACK} port ${port}: Connection refused`)

    const silent = net.createServer((socket) => socket.write('<<<check_mk>>>\n'))
    await new Promise<void>((resolve) => silent.listen(0, LOOPBACK, resolve))
    const silentPort = (silent.address() as net.AddressInfo).port
    const hung = await runCheck(checkmkAgent, checkmkAgent.config.parse({ port: silentPort }), {
      timeoutMs: 500,
      address: LOOPBACK,
      secrets: {},
    })
    silent.close()
    expect(hung).toMatchObject({
      status: 2,
      output: expect.stringMatching(/^CHECKMK CRITICAL - timed out after 0.5 s reading the agent on/),
    })
  })

  it('refuses configurations it cannot run', () => {
    expect(checkmkAgent.config.safeParse({ parts: ['disks'] }).success).toBe(false)
    expect(checkmkAgent.config.safeParse({ fs_warn_pct: 120 }).success).toBe(false)
    expect(checkmkAgent.config.safeParse({ memory_unit: 'gb' }).success).toBe(false)
  })
})
