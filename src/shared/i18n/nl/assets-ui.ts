/** Dutch texts of the asset screens (the keys of ../en/assets-ui.ts). */
import type { assetsUi as en } from '../en/assets-ui'

export const assetsUi: typeof en = {
  hosts: {
    title: 'Hosts in de inventaris',
    empty:
      'Nog geen enkele host heeft inventarisgegevens. Een host heeft inventarisgegevens zodra zijn agent zijn pakketten heeft gemeld of een inventariscontrole zijn SNMP- of Checkmk-agent heeft gelezen.',
    columns: { host: 'Host', hosttype: 'Hosttype', environment: 'Omgeving', ip: 'IP-adres' },
  },
  host: {
    back: 'Alle hosts in de inventaris',
    sections: 'Onderdelen van de inventaris',
    noData: '{{host}} heeft geen inventarisgegevens: zijn agent heeft geen inventaris gemeld.',
    packages: {
      title: 'Pakketten',
      columns: { name: 'Pakket', version: 'Versie', vendor: 'Leverancier', arch: 'Architectuur', reported: 'Gemeld' },
    },
    collected: 'Gelezen door {{by}} op {{time}}.',
    cpu: {
      title: 'Processor',
      columns: { index: 'Index', description: 'Processor', load_percent: 'Belasting (laatste minuut)' },
    },
    bios: {
      title: 'BIOS',
      columns: { vendor: 'Leverancier', version: 'Versie', release_date: 'Uitgebracht', serial_number: 'Serienummer' },
    },
    os: {
      title: 'Besturingssysteem',
      columns: { name: 'Naam', version: 'Versie', type: 'Familie', architecture: 'Architectuur', agent_version: 'Checkmk-agent' },
    },
    services: {
      title: 'Diensten',
      columns: { name: 'Dienst', description: 'Beschrijving', state: 'Toestand', start_type: 'Opstarten' },
    },
    memory: {
      title: 'Geheugen',
      columns: { total_bytes: 'Geïnstalleerd geheugen' },
    },
    routes: {
      title: 'Routes',
      columns: { destination: 'Bestemming', netmask: 'Netmasker', next_hop: 'Volgende hop', interface: 'Interface', type: 'Soort' },
    },
    system: {
      title: 'Systeem',
      columns: {
        name: 'Naam',
        description: 'Beschrijving',
        object_id: 'Object-ID',
        location: 'Locatie',
        contact: 'Contactpersoon',
        uptime_s: 'Looptijd',
      },
    },
    interfaces: {
      title: 'Interfaces',
      columns: {
        index: 'Index',
        name: 'Naam',
        description: 'Beschrijving',
        alias: 'Alias',
        type: 'Soort',
        mtu: 'MTU',
        speed_mbps: 'Snelheid',
        mac: 'MAC-adres',
        admin_status: 'Beheerstatus',
        oper_status: 'Werkelijke status',
      },
    },
    addresses: {
      title: 'Adressen',
      columns: { address: 'Adres', netmask: 'Netmasker', interface: 'Interface' },
    },
    storage: {
      title: 'Opslag',
      columns: { index: 'Index', description: 'Beschrijving', type: 'Soort', size_bytes: 'Grootte', used_bytes: 'Gebruikt' },
    },
    disks: {
      title: 'Schijven',
      columns: {
        name: 'Schijf',
        vendor: 'Fabrikant',
        model: 'Model',
        serial_number: 'Serienummer',
        interface: 'Aansluiting',
        media: 'Medium',
        size_bytes: 'Grootte',
      },
    },
    ssl_info: {
      title: 'SSL-informatie',
      columns: {
        port: 'Poort',
        server_name: 'Servernaam',
        subject: 'Onderwerp',
        alt_names: 'Alternatieve namen',
        issuer: 'Uitgever',
        valid_from_at: 'Geldig vanaf',
        expires_at: 'Verloopt',
        trust: 'Vertrouwen',
        protocol: 'Protocol',
        key: 'Sleutel',
        fingerprint_sha256: 'SHA-256-vingerafdruk',
      },
    },
    network_adapters: {
      title: 'Netwerkadapters',
      columns: {
        name: 'Adapter',
        type: 'Soort',
        mac: 'MAC-adres',
        speed_mbps: 'Snelheid',
        addresses: 'Adressen',
        subnets: 'Subnetten',
        gateway: 'Gateway',
        service: 'Stuurprogramma',
      },
    },
    external_overview: {
      title: 'Extern overzicht',
      columns: {
        address: 'Adres',
        reverse_dns: 'Reverse-DNS-naam',
        ports_scanned: 'Gescande poorten',
        open_ports: 'Open poorten',
        services: 'Geziene diensten',
      },
    },
    open_ports: {
      title: 'Open poorten',
      columns: { port: 'Poort', protocol: 'Protocol', service: 'Dienst', banner: 'Banner' },
    },
    updates: {
      title: 'Updates',
      columns: { name: 'Update', kind: 'Soort', version: 'Nieuwe versie' },
    },
    speed: '{{n}} Mbit/s',
    percent: '{{n}} %',
  },
  software: {
    title: 'Software',
    environmentFiltered: 'Alleen de hosts van uw omgevingsfilter worden geteld.',
    empty:
      'Nog geen enkele host heeft zijn software gemeld. Een agent of script stuurt de pakketten van een host met PUT hosts/{id}/software.',
    columns: {
      hosttype: 'Hosttype',
      package: 'Pakket',
      hosts: 'Hosts',
      versions: 'Versies',
    },
    version: '{{version}} ({{count}})',
    noVersion: '(geen versie)',
    open: 'Versies van {{package}} op hosts van type {{hosttype}}',
  },
  detail: {
    title: '{{package}} op hosts van type {{hosttype}}',
    back: 'Alle software',
    columns: { version: 'Versie', hosts: 'Hosts' },
  },
}
