/**
 * The message area's store (SPEC §9 "Message display"): danger, warning and notice stay until closed;
 * success 3 s; info 2 s (action info 5 s); default 5 s; connection and internal errors 60 s.
 * A vanilla zustand store, so the API client (outside React) can show messages too.
 */
import { createStore } from 'zustand/vanilla'
import { MESSAGE_DURATION_MS } from '../../shared/constants'

export type MessageVariant = 'danger' | 'warning' | 'info' | 'success' | 'secondary'
export type DurationKind = keyof typeof MESSAGE_DURATION_MS

export interface MessageAction {
  label: string
  onClick(): void
  primary?: boolean
}

export interface MessageInit {
  variant: MessageVariant
  text: string
  /** A second line, e.g. the translated `errors.<key>` text under "internal error". */
  detail?: string
  /** Defaults from the variant (SPEC §9): danger/warning persist, success 3 s, info 2 s, others 5 s. */
  duration?: DurationKind
  actions?: MessageAction[]
  /** A message with the key of one already shown replaces it instead of stacking. */
  key?: string
  /** Called when the message is closed by the person (close button, esc, an action). */
  onClose?(): void
}

export interface Message extends MessageInit {
  id: number
  duration: DurationKind
}

const DEFAULT_DURATION: Record<MessageVariant, DurationKind> = {
  danger: 'danger',
  warning: 'warning',
  info: 'info',
  success: 'success',
  secondary: 'default',
}

/** Milliseconds a message of this kind stays; null = until closed (SPEC §9). */
export function durationMs(kind: DurationKind): number | null {
  return MESSAGE_DURATION_MS[kind]
}

export function durationKindOf(init: Pick<MessageInit, 'variant' | 'duration'>): DurationKind {
  return init.duration ?? DEFAULT_DURATION[init.variant]
}

export interface MessageState {
  messages: Message[]
  show(init: MessageInit): number
  close(id: number): void
  closeAll(): void
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

const realTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
}

export function createMessageStore(timers: Timers = realTimers) {
  let nextId = 1
  const expiry = new Map<number, unknown>()

  const drop = (id: number) => {
    if (expiry.has(id)) timers.clearTimeout(expiry.get(id))
    expiry.delete(id)
  }

  return createStore<MessageState>()((set, get) => ({
    messages: [],
    show(init) {
      const duration = durationKindOf(init)
      const id = nextId++
      const replaced = init.key === undefined ? [] : get().messages.filter((m) => m.key === init.key)
      for (const m of replaced) drop(m.id)
      set((s) => ({ messages: [...s.messages.filter((m) => !replaced.includes(m)), { ...init, id, duration }] }))
      const ms = durationMs(duration)
      if (ms !== null) {
        expiry.set(
          id,
          timers.setTimeout(() => {
            expiry.delete(id)
            set((s) => ({ messages: s.messages.filter((m) => m.id !== id) }))
          }, ms),
        )
      }
      return id
    },
    close(id) {
      const message = get().messages.find((m) => m.id === id)
      if (!message) return
      drop(id)
      set((s) => ({ messages: s.messages.filter((m) => m.id !== id) }))
      message.onClose?.()
    },
    closeAll() {
      const closing = get().messages
      for (const m of closing) drop(m.id)
      set({ messages: [] })
      for (const m of closing) m.onClose?.()
    },
  }))
}

export type MessageStore = ReturnType<typeof createMessageStore>

/** The application's one message area. */
export const messageStore = createMessageStore()

export function showMessage(init: MessageInit): number {
  return messageStore.getState().show(init)
}
