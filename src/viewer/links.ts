/**
 * Hash routes of SPEC §2 the viewer links to: a host's and a resource's tabs (the jump-to targets status,
 * resources, timeline, graphs, assets) and the map routes. The monitoring feature does not export its link
 * helpers, so these follow the SPEC §2 paths directly.
 */
const enc = encodeURIComponent

export type JumpTarget = 'status' | 'resources' | 'timeline' | 'graphs' | 'assets'

export function hostLinks(host: string): { target: JumpTarget; to: string }[] {
  const base = `/monitoring/hosts/${enc(host)}`
  return [
    { target: 'status', to: `${base}/status` },
    { target: 'resources', to: `${base}/resources` },
    { target: 'timeline', to: `${base}/timeline` },
    { target: 'graphs', to: `${base}/graphs` },
    { target: 'assets', to: `/assets/${enc(host)}` },
  ]
}

export function resourceLinks(host: string, resource: string): { target: JumpTarget; to: string }[] {
  const base = `/monitoring/hosts/${enc(host)}/${enc(resource)}`
  return [
    { target: 'status', to: `${base}/status` },
    { target: 'resources', to: `/monitoring/hosts/${enc(host)}/resources` },
    { target: 'timeline', to: `${base}/timeline` },
    { target: 'graphs', to: `${base}/graphs` },
  ]
}

export { mapPath } from '../ui'
