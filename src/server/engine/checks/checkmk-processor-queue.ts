/**
 * A Windows host's CPU load as Checkmk's "Processor Queue" service reads it: the processor queue length of
 * <<<wmi_cpuload>>> (threads ready to run that wait for a core, what a Unix load average counts), averaged over 5
 * and 15 minutes as Unix load averages are — exponentially, with time constants of 5 and 15 minutes — from the
 * averages the previous run of the check kept (its memo). The first run starts the averages at the current length.
 */
import { wmiRow, type AgentOutput } from './checkmk-output'
import type { CheckMemo } from './types'

export interface ProcessorQueue {
  /** now, 5-minute and 15-minute average */
  loads: [number, number, number]
  cores: number
  memo: CheckMemo
}

const round = (n: number) => Number(n.toFixed(2))

/** The queue's averages at `now` (unix seconds), or null when the agent sends no queue length. */
export function processorQueue(output: AgentOutput, memo: CheckMemo | undefined, now: number): ProcessorQueue | null {
  const perf = wmiRow(output, 'wmi_cpuload', 'system_perf')
  const system = wmiRow(output, 'wmi_cpuload', 'computer_system')
  const queue = Number(perf.get('ProcessorQueueLength') || NaN)
  const cores = Number(system.get('NumberOfLogicalProcessors') || system.get('NumberOfProcessors'))
  if (!Number.isFinite(queue) || !(cores > 0)) return null
  const elapsed = now - (memo?.['queue.at'] ?? NaN)
  const average = (key: string, minutes: number) => {
    const before = memo?.[key]
    if (before === undefined || !(elapsed >= 0)) return queue
    const kept = Math.exp(-elapsed / (minutes * 60))
    return before * kept + queue * (1 - kept)
  }
  const load5 = average('queue.load5', 5)
  const load15 = average('queue.load15', 15)
  return {
    loads: [queue, round(load5), round(load15)],
    cores,
    memo: { 'queue.at': now, 'queue.load5': load5, 'queue.load15': load15 },
  }
}
