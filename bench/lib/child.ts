/**
 * Runs a phase of a benchmark in its own Node process (`node [flags] --import tsx <file> args…`), so
 * that its heap, CPU and sockets are its own and measured cleanly. Parent and child talk over the IPC
 * channel in JSON messages; `child.next(type)` waits for the child's next message of a type.
 */
import { fork, type ChildProcess } from 'node:child_process'

export interface Message {
  type: string
  [key: string]: unknown
}

export interface Child {
  proc: ChildProcess
  /** the next message of `type` the child sends (rejects when the child exits first or after `ms`) */
  next<T extends Message = Message>(type: string, ms?: number): Promise<T>
  send(msg: Message): void
  /** resolves with the exit code once the child has ended */
  exited: Promise<number | null>
  /** asks the child to end (SIGTERM), then waits for it */
  stop(): Promise<number | null>
}

export function runChild(file: string, args: string[], nodeFlags: string[] = []): Child {
  const proc = fork(file, args, { execArgv: [...nodeFlags, '--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  const inbox: Message[] = []
  const waiters: { type: string; resolve(m: Message): void; reject(e: Error): void }[] = []
  let ended: number | null | undefined
  proc.on('message', (m: Message) => {
    const w = waiters.find((x) => x.type === m.type)
    if (w) {
      waiters.splice(waiters.indexOf(w), 1)
      w.resolve(m)
    } else inbox.push(m)
  })
  const exited = new Promise<number | null>((resolve) =>
    proc.on('exit', (code) => {
      ended = code
      for (const w of waiters.splice(0)) w.reject(new Error(`${file} ${args.join(' ')} exited (${code}) before sending "${w.type}"`))
      resolve(code)
    }),
  )
  return {
    proc,
    exited,
    next<T extends Message>(type: string, ms = 600_000) {
      const i = inbox.findIndex((m) => m.type === type)
      if (i !== -1) return Promise.resolve(inbox.splice(i, 1)[0] as T)
      if (ended !== undefined) return Promise.reject(new Error(`${file} already exited (${ended})`))
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no "${type}" from ${file} within ${ms} ms`)), ms)
        waiters.push({
          type,
          resolve: (m) => {
            clearTimeout(timer)
            resolve(m as T)
          },
          reject: (e) => {
            clearTimeout(timer)
            reject(e)
          },
        })
      })
    },
    send(msg) {
      proc.send(msg)
    },
    async stop() {
      if (ended === undefined) proc.kill('SIGTERM')
      return exited
    },
  }
}

/** In a child: sends a message to the parent (a no-op when run without a parent). */
export function tell(msg: Message): Promise<void> {
  return new Promise((resolve) => (process.send ? process.send(msg, () => resolve()) : resolve()))
}

/** In a child: the parent's next message of `type`. */
export function hear<T extends Message = Message>(type: string): Promise<T> {
  return new Promise((resolve) => {
    const on = (m: Message) => {
      if (m.type !== type) return
      process.off('message', on)
      resolve(m as T)
    }
    process.on('message', on)
  })
}

/** `--name=value` of this process's arguments. */
export function arg(name: string): string | undefined {
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
}
