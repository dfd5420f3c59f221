/**
 * Server data of the organization settings (issue 15 Settings; contract in src/shared/api/thresholds.ts and
 * settings.ts): keys under `settings`, one query per resource, writes as mutations that refresh their resource.
 */
import { useMutation, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { api } from '../../app/api'
import { queryClient } from '../../app/api'
import { OrganizationThresholds } from '../../shared/api/thresholds'
import { HostLabels, LabelType, OrganizationServices, RiskOptions, type LabelTypeBody } from '../../shared/api/settings'
import { listOf } from '../../shared/api/list'
import { TicketProviderSettings, TicketProviderTest, type TicketProviderBody } from '../../shared/api/ticket-providers'

export const settingsKeys = {
  all: ['settings'] as const,
  thresholds: (organizationId: number) => [...settingsKeys.all, 'thresholds', organizationId] as const,
  risks: (organizationId: number) => [...settingsKeys.all, 'risks', organizationId] as const,
  services: (organizationId: number) => [...settingsKeys.all, 'services', organizationId] as const,
  tickets: (organizationId: number) => [...settingsKeys.all, 'tickets', organizationId] as const,
  labelTypes: (organizationId: number) => [...settingsKeys.all, 'label-types', organizationId] as const,
  hosts: (organizationId: number) => [...settingsKeys.all, 'hosts', organizationId] as const,
  hostLabels: (hostId: number) => [...settingsKeys.all, 'host-labels', hostId] as const,
}

const organizationUrl = (organizationId: number, rest: string) => `organizations/${organizationId}/${rest}`

export const useThresholds = (organizationId: number) =>
  useQuery({
    queryKey: settingsKeys.thresholds(organizationId),
    queryFn: ({ signal }) =>
      api.request(organizationUrl(organizationId, 'settings/thresholds'), { schema: OrganizationThresholds, signal }),
  })

export const useRiskOptions = (organizationId: number) =>
  useQuery({
    queryKey: settingsKeys.risks(organizationId),
    queryFn: ({ signal }) => api.request(organizationUrl(organizationId, 'settings/risks'), { schema: RiskOptions, signal }),
  })

/** The default checks each host type's new hosts do not bring in the organization; waits for the organization's id. */
export const useServices = (organizationId: number | undefined) =>
  useQuery({
    queryKey: settingsKeys.services(organizationId ?? 0),
    enabled: organizationId !== undefined,
    queryFn: ({ signal }) => api.request(organizationUrl(organizationId!, 'settings/services'), { schema: OrganizationServices, signal }),
  })

export const useTicketProvider = (organizationId: number) =>
  useQuery({
    queryKey: settingsKeys.tickets(organizationId),
    queryFn: ({ signal }) => api.request(organizationUrl(organizationId, 'settings/tickets'), { schema: TicketProviderSettings, signal }),
  })

export const useLabelTypes = (organizationId: number) =>
  useQuery({
    queryKey: settingsKeys.labelTypes(organizationId),
    queryFn: ({ signal }) => api.request(organizationUrl(organizationId, 'label-types'), { schema: z.array(LabelType), signal }),
  })

const HostRow = z.object({ id: z.number().int(), name: z.string() })

/** The organization's hosts by name, for choosing whose labels to edit (the first 1000). */
export const useOrganizationHosts = (organizationId: number, organizationName: string) =>
  useQuery({
    queryKey: settingsKeys.hosts(organizationId),
    queryFn: ({ signal }) =>
      api.request('hosts', {
        query: {
          columns: 'id,name',
          order: 'name',
          limit: 1000,
          offset: 0,
          advanced_filter: JSON.stringify([{ key: 'organization_name', operator: 'equals', value: organizationName }]),
        },
        schema: listOf(HostRow),
        signal,
      }),
    select: (page) => page.result.flatMap((h) => (h.id !== undefined && h.name !== undefined ? [{ id: h.id, name: h.name }] : [])),
  })

export const useHostLabels = (hostId: number | null) =>
  useQuery({
    queryKey: settingsKeys.hostLabels(hostId ?? 0),
    queryFn: ({ signal }) => api.request(`hosts/${hostId}/labels`, { schema: HostLabels, signal }),
    enabled: hostId !== null,
  })

/** A settings write as a mutation; everything under `settings` refreshes once it is done. */
const useSettingsWrite = <A, R>(write: (args: A) => Promise<R>) =>
  useMutation({ mutationFn: write, onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.all }) })

export const useSaveThresholds = (organizationId: number) =>
  useSettingsWrite((body: OrganizationThresholds) =>
    api.request(organizationUrl(organizationId, 'settings/thresholds'), { method: 'PUT', body, schema: OrganizationThresholds }),
  )

export const useSaveRiskOptions = (organizationId: number) =>
  useSettingsWrite((body: RiskOptions) =>
    api.request(organizationUrl(organizationId, 'settings/risks'), { method: 'PUT', body, schema: RiskOptions }),
  )

export const useSaveServices = (organizationId: number) =>
  useSettingsWrite((body: OrganizationServices) =>
    api.request(organizationUrl(organizationId, 'settings/services'), { method: 'PUT', body, schema: OrganizationServices }),
  )

export const useSaveTicketProvider = (organizationId: number) =>
  useSettingsWrite((body: TicketProviderBody) =>
    api.request(organizationUrl(organizationId, 'settings/tickets'), { method: 'PUT', body, schema: TicketProviderSettings }),
  )

/** Tries a ticket provider setting without saving it: nothing to refresh; the form tells how it went, not the message area. */
export const useTestTicketProvider = (organizationId: number) =>
  useMutation({
    mutationFn: (body: TicketProviderBody) =>
      api.request(organizationUrl(organizationId, 'settings/tickets/test'), {
        method: 'POST',
        body,
        schema: TicketProviderTest,
        errorHandlerEnabled: false,
      }),
  })

export const useCreateLabelType = (organizationId: number) =>
  useSettingsWrite((body: LabelTypeBody) =>
    api.request(organizationUrl(organizationId, 'label-types'), { method: 'POST', body, schema: LabelType }),
  )

export const useDeleteLabelType = () => useSettingsWrite((id: number) => api.request(`label-types/${id}`, { method: 'DELETE' }))

export const useSetHostLabel = () =>
  useSettingsWrite(({ hostId, name, value }: { hostId: number; name: string; value: string }) =>
    api.request(`hosts/${hostId}/labels/${encodeURIComponent(name)}`, { method: 'PUT', body: { value }, schema: HostLabels }),
  )

export const useRemoveHostLabel = () =>
  useSettingsWrite(({ hostId, name }: { hostId: number; name: string }) =>
    api.request(`hosts/${hostId}/labels/${encodeURIComponent(name)}`, { method: 'DELETE', schema: HostLabels }),
  )
