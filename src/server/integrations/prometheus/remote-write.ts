/**
 * Prometheus remote write 1.0 (the "Prometheus Remote-Write Specification", version 1.0): a `WriteRequest` in
 * protobuf, compressed with snappy's block format, POSTed with the headers below. Prometheus, Mimir, Cortex,
 * Thanos Receive and VictoriaMetrics all take it.
 */
import protobuf from 'protobufjs'
import { compressSync } from 'snappy'
import { labelPairs, type Labels } from './names'

// The spec's messages (prompb/types.proto, remote.proto), only the fields 1.0 sends.
const { root } = protobuf.parse(`
syntax = "proto3";
package prometheus;
message WriteRequest { repeated TimeSeries timeseries = 1; }
message TimeSeries { repeated Label labels = 1; repeated Sample samples = 2; }
message Label { string name = 1; string value = 2; }
message Sample { double value = 1; int64 timestamp = 2; }
`)
/** The message type, also for reading a write back (tests). */
export const WriteRequest = root.lookupType('prometheus.WriteRequest')

export const REMOTE_WRITE_HEADERS = {
  'content-type': 'application/x-protobuf',
  'content-encoding': 'snappy',
  'x-prometheus-remote-write-version': '0.1.0',
} as const

/** One value of one series at one time (ms since the epoch). */
export interface Sample {
  name: string
  labels: Labels
  value: number
  timestampMs: number
}

/**
 * The compressed body of a write of `samples`. Samples of one series travel together, oldest first (the spec's
 * order); two values of one series at one millisecond would be refused as a duplicate, so the later one wins.
 */
export function encodeWrite(samples: readonly Sample[]): Uint8Array<ArrayBuffer> {
  const series = new Map<string, { labels: { name: string; value: string }[]; samples: Map<number, number> }>()
  for (const s of samples) {
    const labels = labelPairs(s.name, s.labels)
    const key = labels.map((l) => `${l.name}\u0000${l.value}`).join('\u0000')
    let one = series.get(key)
    if (!one) series.set(key, (one = { labels, samples: new Map() }))
    one.samples.set(s.timestampMs, s.value)
  }
  const timeseries = [...series.values()].map((one) => ({
    labels: one.labels,
    samples: [...one.samples].sort((a, b) => a[0] - b[0]).map(([timestamp, value]) => ({ value, timestamp })),
  }))
  return new Uint8Array(compressSync(Buffer.from(WriteRequest.encode(WriteRequest.create({ timeseries })).finish())))
}
