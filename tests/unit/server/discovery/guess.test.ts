import { describe, expect, it } from 'vitest'
import { guessHostType, guessParent, type Evidence } from '../../../../src/server/discovery/guess'

// Issue 15 "Discover a network": the host type (SPEC §3 catalogue) and parent proposed for what answered.
const seen = (e: Partial<Evidence>): Evidence => ({ ping: true, open_ports: [], snmp: null, fqdn: '', ...e })
const snmp = (sys_descr: string, sys_object_id = '') => seen({ snmp: { sys_descr, sys_object_id } })

describe('discovery: host type guess', () => {
  it.each([
    ['HP LaserJet 400 M401dn', 'printer'],
    ['Smart-UPS 1500 RM', 'ups'],
    ['FortiGate-60F v7.2.5', 'firewall'],
    ['Cisco Adaptive Security Appliance Version 9.8', 'firewall'],
    ['BIG-IP 15.1.0', 'load-balancer'],
    ['Juniper Networks, Inc. mx480 internet router, kernel JUNOS 18.4', 'router'],
    ['RouterOS CCR1009-7G-1C-1S+', 'router'],
    ['ProCurve J9280A Switch 2510G-48', 'switch'],
    ['Linux DiskStation 4.4.59+ #25426 SMP', 'nas'],
    ['VMware ESXi 7.0.3 build-20036589', 'esx'],
    ['Hardware: Intel64 Family 6 - Software: Windows Version 6.3', 'windows'],
    ['Linux web-01 5.10.0-21-amd64 #1 SMP Debian', 'linux'],
  ])('reads sysDescr %j as %s', (descr, type) => {
    expect(guessHostType(snmp(descr))).toEqual({ hosttype: type, access_method: null, basis: 'snmp' })
  })

  it("falls back on sysObjectID's enterprise when sysDescr says nothing known", () => {
    expect(guessHostType(snmp('Cisco IOS Software, C2960 Software', '1.3.6.1.4.1.9.1.1208')).hosttype).toBe('switch')
    expect(guessHostType(snmp('', '.1.3.6.1.4.1.2435.2.3.9.1')).hosttype).toBe('printer')
    expect(guessHostType(snmp('', '1.3.6.1.4.1.12356.101.1.1')).hosttype).toBe('firewall')
    // 1.3.6.1.4.1.9 is Cisco; 1.3.6.1.4.1.99 is not.
    expect(guessHostType(snmp('Something', '1.3.6.1.4.1.99.1')).basis).toBe('ping')
  })

  it('reads open ports when SNMP did not tell: printer, Windows, Kubernetes, Linux, telnet gear, websites', () => {
    expect(guessHostType(seen({ open_ports: [80, 443, 9100] }))).toEqual({ hosttype: 'printer', access_method: null, basis: 'ports' })
    expect(guessHostType(seen({ open_ports: [22, 445, 3389] })).hosttype).toBe('windows')
    expect(guessHostType(seen({ open_ports: [22, 6443] })).hosttype).toBe('kubernetes-cluster')
    expect(guessHostType(seen({ open_ports: [22, 80] })).hosttype).toBe('linux')
    expect(guessHostType(seen({ open_ports: [23] })).hosttype).toBe('switch')
    expect(guessHostType(seen({ open_ports: [443], fqdn: 'shop.example.com' })).hosttype).toBe('website')
    // A web page without a name of its own is an appliance's: ping only.
    expect(guessHostType(seen({ open_ports: [80, 443] }))).toEqual({ hosttype: 'ping', access_method: null, basis: 'ports' })
  })

  it('proposes the check_mk access method where the Checkmk agent answers, and ping only for a bare echo', () => {
    expect(guessHostType(seen({ open_ports: [6556] }))).toEqual({ hosttype: 'linux', access_method: 'check_mk', basis: 'ports' })
    expect(guessHostType(seen({ open_ports: [3389, 6556] }))).toMatchObject({ hosttype: 'windows', access_method: 'check_mk' })
    expect(guessHostType(seen({}))).toEqual({ hosttype: 'ping', access_method: null, basis: 'ping' })
  })

  it('prefers what SNMP says over the ports', () => {
    expect(guessHostType(seen({ open_ports: [22], snmp: { sys_descr: 'ProCurve Switch', sys_object_id: '' } })).hosttype).toBe('switch')
  })
})

describe('discovery: parent guess', () => {
  const found = (...list: [string, string][]) => list.map(([address, hosttype]) => ({ address, hosttype }))

  it('hangs everything under the router, else a firewall or switch that answered', () => {
    expect(guessParent(found(['10.0.0.1', 'ping'], ['10.0.0.7', 'switch'], ['10.0.0.9', 'router']), '10.0.0.1')).toBe('10.0.0.9')
    expect(guessParent(found(['10.0.0.1', 'ping'], ['10.0.0.7', 'switch']), '10.0.0.1')).toBe('10.0.0.7')
  })

  it("takes the range's first address (the usual gateway) when no network device answered, and none when it did not answer", () => {
    expect(guessParent(found(['10.0.0.1', 'ping'], ['10.0.0.5', 'linux']), '10.0.0.1')).toBe('10.0.0.1')
    expect(guessParent(found(['10.0.0.5', 'linux']), '10.0.0.1')).toBeNull()
  })
})
