/**
 * The reports client (contract in src/shared/api/report-configurations.ts): the one key factory, the addresses,
 * the reads of the report screens and the writes as mutations. Every key lives under `reports`.
 */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { api, queryClient } from '../app/api'
import { NewReport, Report, ReportFigures, ReportGraphs, type ReportRange, type ReportUpdate } from '../shared/api/report-configurations'
import { EventList, type EventsParams } from '../shared/api/events'

export const reportUrls = {
  list: 'reports',
  one: (id: number) => `reports/${id}`,
  byName: (hostgroupName: string, name: string) => `reports/by-name/${encodeURIComponent(hostgroupName)}/${encodeURIComponent(name)}`,
  figures: (id: number) => `reports/${id}/figures`,
  graphs: (id: number) => `reports/${id}/graphs`,
}

/** SPEC §7 list protocol, as the query string carries it. */
export interface ReportListParams {
  order?: string
  limit: number
  offset: number
  advanced_filter?: string
}

export const reportKeys = {
  all: ['reports'] as const,
  list: (p: ReportListParams) => [...reportKeys.all, 'list', p] as const,
  byName: (hostgroupName: string, name: string) => [...reportKeys.all, 'by-name', hostgroupName, name] as const,
  figures: (id: number, range: ReportRange) => [...reportKeys.all, 'figures', id, range] as const,
  graphs: (id: number, range: ReportRange) => [...reportKeys.all, 'graphs', id, range] as const,
}

const ReportList = z.object({ result: z.array(Report), totalresults: z.number().int() })

export const fetchReports = (p: ReportListParams, signal?: AbortSignal) =>
  api.request(reportUrls.list, { query: { ...p }, schema: ReportList, signal })

export function useReportList(p: ReportListParams) {
  return useQuery({ queryKey: reportKeys.list(p), queryFn: ({ signal }) => fetchReports(p, signal), placeholderData: keepPreviousData })
}

/** SPEC §2 routes address a report by its environment's name and its own. */
export function useReportByName(hostgroupName: string, name: string) {
  return useQuery({
    queryKey: reportKeys.byName(hostgroupName, name),
    queryFn: ({ signal }) => api.request(reportUrls.byName(hostgroupName, name), { schema: Report, signal }),
  })
}

export function useReportFigures(id: number | undefined, range: ReportRange) {
  return useQuery({
    queryKey: reportKeys.figures(id ?? 0, range),
    enabled: id !== undefined,
    queryFn: ({ signal }) => api.request(reportUrls.figures(id!), { query: { range }, schema: ReportFigures, signal }),
    placeholderData: keepPreviousData,
  })
}

/** SPEC §3 resource-performance-breakdown: the performance data of the report's subjects over the period. */
export function useReportGraphs(id: number, range: ReportRange) {
  return useQuery({
    queryKey: reportKeys.graphs(id, range),
    queryFn: ({ signal }) => api.request(reportUrls.graphs(id), { query: { range }, schema: ReportGraphs, signal }),
    placeholderData: keepPreviousData,
  })
}

/** GET events with report_id: the report's own timeline (SPEC §2 …/configuration/timeline). */
export const fetchReportEvents = (params: EventsParams, signal?: AbortSignal) =>
  api.request('events', { query: params, schema: EventList, signal })

export const reportWrites = {
  create: (body: z.input<typeof NewReport>) => api.request(reportUrls.list, { method: 'POST', body, schema: Report }),
  update: ({ id, body }: { id: number; body: ReportUpdate }) => api.request(reportUrls.one(id), { method: 'PUT', body, schema: Report }),
  remove: (id: number) => api.request(reportUrls.one(id), { method: 'DELETE' }),
}

/** A write of the reports resource; every report screen's data is refreshed before `mutateAsync` resolves. */
export const useReportWrite = <A, R>(write: (args: A) => Promise<R>) =>
  useMutation({ mutationFn: write, onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.all }) })
