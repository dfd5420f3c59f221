/**
 * UI state of the monitoring screens (STYLE.md: zustand for UI state, never query data):
 * - auto-refresh (SPEC §2 shortcut p) and its pauses: SPEC §4 "Enabling [multi-select] pauses auto-refresh
 *   … After a ticket, acknowledgement or maintenance action in multi mode, refresh auto-resumes after
 *   5 seconds". While paused, feed deltas and polling wait; resuming refreshes the tables once.
 * - the search modal (f / s) and the environment selector (e).
 */
import { createStore } from 'zustand/vanilla'
import { useStore } from 'zustand'

/** SPEC §4: refresh resumes this long after an action in multi-select mode. */
export const MULTI_RESUME_MS = 5000

export interface MonitoringUiState {
  /** The person's auto-refresh toggle (p). */
  autoRefresh: boolean
  /** Multi-select mode is on. */
  selecting: boolean
  /** Held after a multi-select action until the resume delay has passed. */
  held: boolean
  searchOpen: boolean
  environmentSelectorOpen: boolean
}

export const uiStore = createStore<MonitoringUiState>()(() => ({
  autoRefresh: true,
  selecting: false,
  held: false,
  searchOpen: false,
  environmentSelectorOpen: false,
}))

let resumeTimer: ReturnType<typeof setTimeout> | null = null

export const monitoringUi = {
  toggleAutoRefresh: () => uiStore.setState((s) => ({ autoRefresh: !s.autoRefresh })),
  setSelecting: (selecting: boolean) => uiStore.setState({ selecting }),
  /** Ends multi-select after an action and resumes refresh after MULTI_RESUME_MS (SPEC §4). */
  resumeAfterAction(delayMs = MULTI_RESUME_MS) {
    if (resumeTimer) clearTimeout(resumeTimer)
    uiStore.setState({ selecting: false, held: true })
    resumeTimer = setTimeout(() => {
      resumeTimer = null
      uiStore.setState({ held: false })
    }, delayMs)
  },
  openSearch: () => uiStore.setState({ searchOpen: true }),
  closeSearch: () => uiStore.setState({ searchOpen: false }),
  setEnvironmentSelector: (open: boolean) => uiStore.setState({ environmentSelectorOpen: open }),
}

/** Whether tables follow the feed and poll: on, and not paused by multi-select. */
export const isLive = (s: MonitoringUiState) => s.autoRefresh && !s.selecting && !s.held

export function useMonitoringUi<T>(select: (s: MonitoringUiState) => T): T {
  return useStore(uiStore, select)
}
