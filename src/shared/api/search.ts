/**
 * SPEC §2 Search modal, §3 Search response, §5 Search, §7 Search: GET search?query=…&environment_ids=1,2.
 * The query is trimmed and 2–254 characters; hits come in buckets per type in the tab order of SPEC §2.
 */
import { z } from 'zod'
import { SEARCH_MAX, SEARCH_MIN } from '../constants'

/** SPEC §2 result tabs, in order: host, resource, map, hostgroup (environment). */
export const SEARCH_TYPES = ['host', 'resource', 'map', 'hostgroup'] as const
export type SearchType = (typeof SEARCH_TYPES)[number]

/** SPEC §8 "search limited to the first N hits": N per type. */
export const SEARCH_HITS_PER_TYPE = 50

export const SearchQuery = z.object({
  query: z.string().trim().min(SEARCH_MIN).max(SEARCH_MAX),
  /** comma-separated environment ids (SPEC §7), narrowing what the caller may see */
  environment_ids: z.string().max(20000).optional(),
})

const Counts = z.object({ host: z.number().int(), resource: z.number().int(), map: z.number().int(), hostgroup: z.number().int() })

export const SearchResponse = z.object({
  result: z.object({
    hits: z.object({ total: z.object({ value: z.number().int() }) }),
    aggregations: z.object({
      grouping: z.object({
        buckets: z.array(
          z.object({
            key: z.enum(SEARCH_TYPES),
            /** all matches of this type; `hits` holds at most SEARCH_HITS_PER_TYPE of them */
            doc_count: z.number().int(),
            hits: z.array(z.record(z.string(), z.unknown())),
          }),
        ),
      }),
    }),
  }),
  total_per_type: Counts,
})
export type SearchResponse = z.infer<typeof SearchResponse>
