/**
 * A device CLI driven over an SSH shell, as RANCID and Oxidized do for devices whose login lands in user mode
 * (SPEC §3 "enable-password"): learn the prompt, `enable` with the enable password when the prompt ends in `>`,
 * turn the pager off, run the command and keep what it printed between its echo and the next prompt.
 */
import type { ClientChannel } from 'ssh2'

export interface PrivilegedRead {
  command: string
  /** the command that turns the pager off ("terminal length 0") */
  pager: string
  enablePassword: string
  maxBytes: number
}

export type CliOutcome = { text: string } | { why: string }

// Terminal escape sequences (colours, cursor moves) some CLIs send to a vt100.
// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;?]*[A-Za-z]/g
// The first prompt: the last line, ending in > or # (user or privileged mode).
const FIRST_PROMPT = /(?:^|\n)([^\n]*?)[>#] ?$/
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

export function privilegedRead(stream: ClientChannel, o: PrivilegedRead): Promise<CliOutcome> {
  let buffer = ''
  let bytes = 0
  let waiting: { re: RegExp; resolve(text: string): void; reject(error: Error): void } | null = null
  let ended: Error | null = null
  const match = () => {
    if (!waiting || !waiting.re.test(buffer)) return
    const { resolve } = waiting
    const text = buffer
    buffer = ''
    waiting = null
    resolve(text)
  }
  const end = (error: Error) => {
    ended ??= error
    waiting?.reject(ended)
    waiting = null
  }
  stream.on('data', (chunk: Buffer) => {
    bytes += chunk.length
    if (bytes > o.maxBytes) {
      stream.close()
      return end(new Error(`the configuration is larger than ${o.maxBytes} bytes`))
    }
    buffer += chunk.toString('utf8').replace(ANSI, '').replace(/\r/g, '')
    match()
  })
  stream.on('close', () => end(new Error('the device closed the session')))
  const until = (re: RegExp) =>
    new Promise<string>((resolve, reject) => {
      if (ended) return reject(ended)
      waiting = { re, resolve, reject }
      match()
    })

  return (async (): Promise<CliOutcome> => {
    const first = FIRST_PROMPT.exec(await until(FIRST_PROMPT))!
    // From now on a prompt is the device's name (a configuration line ending in > or # is not one).
    const prompt = new RegExp(`(?:^|\\n)${escape(first[1]!.trim())}(?:\\([^)\\n]*\\))?([>#]) ?$`)
    if (first[0].trimEnd().endsWith('>')) {
      stream.write('enable\n')
      await until(/[Pp]assword: ?$/)
      stream.write(`${o.enablePassword}\n`)
      if (prompt.exec(await until(prompt))![1] !== '#') return { why: 'enable refused (check the enable password)' }
    }
    stream.write(`${o.pager}\n`)
    await until(prompt)
    stream.write(`${o.command}\n`)
    const printed = await until(prompt)
    stream.end('exit\n')
    // Without the echoed command (first line) and the prompt that followed the output (last line).
    const lines = printed.split('\n')
    return { text: lines.slice(1, -1).join('\n') + '\n' }
  })().catch((error: Error) => ({ why: error.message }))
}
