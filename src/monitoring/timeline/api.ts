/**
 * Server data of the timeline and graphs tabs: events (SPEC §7 Events) and the host or resource a tab
 * is about, resolved by name (SPEC §7 hosts/{id} URL-encoded, resources/{hostname}/{display_name}).
 */
import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { api } from '../../app/api'
import { EventList, type EventsParams } from '../../shared/api/events'

export function fetchEvents(params: EventsParams, signal?: AbortSignal) {
  return api.request('events', { query: params, schema: EventList, signal })
}

/** The fields of SPEC §3 Host and Resource these tabs use; the rest of the record is left as it is. */
const HostRef = z.looseObject({ id: z.number().int(), name: z.string(), hostgroup_id: z.number().int(), has_graph: z.boolean() })
const ResourceRef = z.looseObject({
  id: z.number().int(),
  host_id: z.number().int(),
  host_name: z.string(),
  display_name: z.string(),
  hostgroup_id: z.number().int(),
  has_graph: z.boolean(),
})
export type HostRef = z.infer<typeof HostRef>
export type ResourceRef = z.infer<typeof ResourceRef>

export const subjectKeys = {
  host: (name: string) => ['monitoring', 'host', name] as const,
  resource: (host: string, name: string) => ['monitoring', 'resource', host, name] as const,
}

/** An unknown name is a 404, which the SPEC §8 error handler shows as content not found. */
export function useHostByName(name: string) {
  return useQuery({
    queryKey: subjectKeys.host(name),
    queryFn: ({ signal }) => api.request(`hosts/${encodeURIComponent(name)}`, { schema: HostRef, signal }),
  })
}

export function useResourceByNames(host: string, name: string) {
  return useQuery({
    queryKey: subjectKeys.resource(host, name),
    queryFn: ({ signal }) =>
      api.request(`resources/${encodeURIComponent(host)}/${encodeURIComponent(name)}`, { schema: ResourceRef, signal }),
  })
}
