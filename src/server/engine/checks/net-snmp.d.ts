// The part of net-snmp (which ships no types) that the SNMP check kinds and their tests use.
declare module 'net-snmp' {
  export interface Varbind {
    oid: string
    type: number
    value: unknown
  }
  export interface SessionOptions {
    port?: number
    retries?: number
    timeout?: number
    transport?: 'udp4' | 'udp6'
    version?: number
  }
  export interface Session {
    get(oids: string[], callback: (error: Error | null, varbinds: Varbind[]) => void): void
    /** GETBULK walks under `oid`; `feed` returning true stops the walk */
    subtree(oid: string, maxRepetitions: number, feed: (varbinds: Varbind[]) => boolean | void, done: (error: Error | null) => void): void
    close(): void
    on(event: 'error', listener: (error: Error) => void): this
  }
  export interface MibProviderDefinition {
    name: string
    type: number
    oid: string
    scalarType?: number
    maxAccess: number
    tableColumns?: { number: number; name: string; type: number; maxAccess: number }[]
    tableIndex?: { columnName: string; foreign?: string }[]
  }
  export interface Mib {
    registerProvider(definition: MibProviderDefinition): void
    setScalarValue(name: string, value: unknown): void
    addTableRow(table: string, row: unknown[]): void
  }
  export interface Agent {
    getMib(): Mib
    getAuthorizer(): { addCommunity(community: string): void }
    close(callback?: () => void): void
  }
  export interface AgentOptions {
    port?: number
    address?: string | null
    transport?: 'udp4' | 'udp6'
    disableAuthorization?: boolean
    /** a dgram-compatible module; tests use it to bind an ephemeral port */
    dgramModule?: unknown
  }
  /** An SNMPv3 USM user: keys are the passphrases, localised by the library. */
  export interface User {
    name: string
    level: number
    authProtocol?: number
    authKey?: string
    privProtocol?: number
    privKey?: string
  }
  const snmp: {
    Version2c: number
    Version3: number
    SecurityLevel: { noAuthNoPriv: number; authNoPriv: number; authPriv: number }
    AuthProtocols: Record<'md5' | 'sha' | 'sha224' | 'sha256' | 'sha384' | 'sha512', number>
    PrivProtocols: Record<'des' | 'aes' | 'aes256b' | 'aes256r', number>
    createV3Session(target: string, user: User, options?: SessionOptions): Session
    ObjectType: Record<string, number>
    MibProviderType: { Scalar: number; Table: number }
    MaxAccess: Record<string, number>
    createSession(target: string, community: string, options?: SessionOptions): Session
    createAgent(options: AgentOptions, callback: (error: Error | null, data: unknown) => void): Agent
    isVarbindError(varbind: Varbind): boolean
    varbindError(varbind: Varbind): string
  }
  export default snmp
}
