/** The client of GET client-reports (issue 19): the browsers' stored error reports and usage logs, for server admins. */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { api } from '../../app/api'
import { ClientReportList, type ClientReportKind } from '../../shared/api/reports'

export const PAGE_SIZE = 50

export const clientReportKeys = {
  page: (kind: ClientReportKind, page: number) => ['client-reports', kind, page] as const,
}

export function useClientReports(kind: ClientReportKind, page: number) {
  return useQuery({
    queryKey: clientReportKeys.page(kind, page),
    queryFn: ({ signal }) =>
      api.request('client-reports', { query: { kind, limit: PAGE_SIZE, offset: page * PAGE_SIZE }, schema: ClientReportList, signal }),
    placeholderData: keepPreviousData,
  })
}
