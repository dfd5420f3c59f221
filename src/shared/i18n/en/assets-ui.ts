/** English texts of the asset screens (SPEC §2 Assets); they load with the screens. */
export const assetsUi = {
  hosts: {
    title: 'Host assets',
    empty:
      'No host has asset data yet. A host has asset data once its agent has reported its packages or an inventory check has read its SNMP or Checkmk agent.',
    columns: { host: 'Host', hosttype: 'Host type', environment: 'Environment', ip: 'IP address' },
  },
  host: {
    back: 'All host assets',
    sections: 'Asset sections',
    noData: '{{host}} has no asset data: its agent has not reported an inventory.',
    packages: {
      title: 'Packages',
      columns: { name: 'Package', version: 'Version', vendor: 'Vendor', arch: 'Architecture', reported: 'Reported' },
    },
    collected: 'Collected by {{by}} {{time}}.',
    cpu: {
      title: 'CPU',
      columns: { index: 'Index', description: 'Processor', load_percent: 'Load (last minute)' },
    },
    bios: {
      title: 'BIOS',
      columns: { vendor: 'Vendor', version: 'Version', release_date: 'Release date', serial_number: 'Serial number' },
    },
    os: {
      title: 'OS',
      columns: { name: 'Name', version: 'Version', type: 'Family', architecture: 'Architecture', agent_version: 'Checkmk agent' },
    },
    services: {
      title: 'Services',
      columns: { name: 'Service', description: 'Description', state: 'State', start_type: 'Start' },
    },
    memory: {
      title: 'Memory',
      columns: { total_bytes: 'Installed memory' },
    },
    routes: {
      title: 'Routes',
      columns: { destination: 'Destination', netmask: 'Netmask', next_hop: 'Next hop', interface: 'Interface', type: 'Type' },
    },
    system: {
      title: 'System',
      columns: {
        name: 'Name',
        description: 'Description',
        object_id: 'Object ID',
        location: 'Location',
        contact: 'Contact',
        uptime_s: 'Up for',
      },
    },
    interfaces: {
      title: 'Interfaces',
      columns: {
        index: 'Index',
        name: 'Name',
        description: 'Description',
        alias: 'Alias',
        type: 'Type',
        mtu: 'MTU',
        speed_mbps: 'Speed',
        mac: 'MAC address',
        admin_status: 'Admin status',
        oper_status: 'Operational status',
      },
    },
    addresses: {
      title: 'Addresses',
      columns: { address: 'Address', netmask: 'Netmask', interface: 'Interface' },
    },
    storage: {
      title: 'Storage',
      columns: { index: 'Index', description: 'Description', type: 'Type', size_bytes: 'Size', used_bytes: 'Used' },
    },
    disks: {
      title: 'Disks',
      columns: {
        name: 'Disk',
        vendor: 'Vendor',
        model: 'Model',
        serial_number: 'Serial number',
        interface: 'Interface',
        media: 'Media',
        size_bytes: 'Size',
      },
    },
    ssl_info: {
      title: 'SSL info',
      columns: {
        port: 'Port',
        server_name: 'Server name',
        subject: 'Subject',
        alt_names: 'Alternative names',
        issuer: 'Issuer',
        valid_from_at: 'Valid from',
        expires_at: 'Expires',
        trust: 'Trust',
        protocol: 'Protocol',
        key: 'Key',
        fingerprint_sha256: 'SHA-256 fingerprint',
      },
    },
    network_adapters: {
      title: 'Network adapters',
      columns: {
        name: 'Adapter',
        type: 'Type',
        mac: 'MAC address',
        speed_mbps: 'Speed',
        addresses: 'Addresses',
        subnets: 'Subnets',
        gateway: 'Gateway',
        service: 'Driver',
      },
    },
    external_overview: {
      title: 'External overview',
      columns: {
        address: 'Address',
        reverse_dns: 'Reverse DNS name',
        ports_scanned: 'Ports scanned',
        open_ports: 'Open ports',
        services: 'Services seen',
      },
    },
    open_ports: {
      title: 'Open ports',
      columns: { port: 'Port', protocol: 'Protocol', service: 'Service', banner: 'Banner' },
    },
    updates: {
      title: 'Updates',
      columns: { name: 'Update', kind: 'Kind', version: 'New version' },
    },
    speed: '{{n}} Mbit/s',
    percent: '{{n}} %',
  },
  software: {
    title: 'Software',
    environmentFiltered: 'Only the hosts of your environment filter are counted.',
    empty: 'No host has reported its software yet. An agent or script sends a host’s packages with PUT hosts/{id}/software.',
    columns: {
      hosttype: 'Host type',
      package: 'Package',
      hosts: 'Hosts',
      versions: 'Versions',
    },
    version: '{{version}} ({{count}})',
    noVersion: '(no version)',
    open: 'Versions of {{package}} on {{hosttype}} hosts',
  },
  detail: {
    title: '{{package}} on {{hosttype}} hosts',
    back: 'All software',
    columns: { version: 'Version', hosts: 'Hosts' },
  },
}
