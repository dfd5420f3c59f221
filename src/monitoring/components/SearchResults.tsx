import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { z } from 'zod'
import type { SearchResponse, SearchType } from '../../shared/api/search'
import { mapPath, StateBadge, type FilterTuple } from '../../ui'
import { hostJumps, hostPath, hostsFilteredHref, resourceJumps, resourcePath } from '../links'
import { JumpToMenu } from './JumpToMenu'

type Bucket = SearchResponse['result']['aggregations']['grouping']['buckets'][number]

// The fields each hit type shows; hits are outside data, parsed before use (STYLE.md principle 4).
const HostHit = z.looseObject({
  id: z.number(),
  name: z.string(),
  hostgroup_alias: z.string(),
  description: z.string(),
  state: z.string(),
  has_asset_data: z.boolean(),
})
const ResourceHit = z.looseObject({
  id: z.number(),
  host_name: z.string(),
  display_name: z.string(),
  hostgroup_alias: z.string(),
  state: z.string(),
})
const EnvironmentHit = z.looseObject({
  id: z.number(),
  alias: z.string(),
  organization_name: z.string().optional(),
  host_count: z.number().optional(),
})
const MapHit = z.looseObject({
  id: z.union([z.number(), z.string()]),
  alias: z.string().optional(),
  name: z.string().optional(),
  hostgroup_name: z.string().optional(),
})

function parsed<T>(schema: z.ZodType<T>, hits: readonly unknown[]): T[] {
  return hits.flatMap((hit) => {
    const r = schema.safeParse(hit)
    return r.success ? [r.data] : []
  })
}

export interface SearchResultsProps {
  type: SearchType
  bucket: Bucket | undefined
  /** A result was followed: the modal closes. */
  onJump(): void
  /** Some tab has hits: an empty tab then says so rather than "Nothing matched" (issue 17). */
  anyHits: boolean
}

/** Marks each hit's main link, which the arrow keys move between (SearchModal). */
export const HIT = { 'data-search-hit': '' }

function Table({ headers, rows }: { headers: string[]; rows: { key: string | number; cells: ReactNode[] }[] }) {
  return (
    <table className="table table-sm align-middle">
      <thead>
        <tr>
          {headers.map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            {r.cells.map((c, i) => (
              <td key={i}>{c}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** One tab of the search modal (SPEC §2: the host table shows host, environment, description and the jump-to menu). */
export function SearchResults({ type, bucket, onJump, anyHits }: SearchResultsProps) {
  const { t } = useTranslation()
  const hits = bucket?.hits ?? []
  const total = bucket?.doc_count ?? 0
  if (total === 0) return <p className="text-body-secondary">{anyHits ? t('monitoring.views.emptyTab') : t('monitoring.search.nothing')}</p>
  const col = (key: string) => t(`monitoring.columns.${key}`)
  let table: ReactNode
  switch (type) {
    case 'host':
      table = (
        <Table
          headers={[col('name'), col('hostgroup_alias'), col('description'), col('actions')]}
          rows={parsed(HostHit, hits).map((h) => ({
            key: h.id,
            cells: [
              <>
                <StateBadge kind="host" state={h.state} />{' '}
                <Link to={hostPath(h.name, 'resources')} onClick={onJump} {...HIT}>
                  {h.name}
                </Link>
              </>,
              h.hostgroup_alias,
              h.description,
              <JumpToMenu jumps={hostJumps(h.name, h.has_asset_data)} onJump={onJump} />,
            ],
          }))}
        />
      )
      break
    case 'resource':
      table = (
        <Table
          headers={[col('display_name'), col('host_name'), col('hostgroup_alias'), col('actions')]}
          rows={parsed(ResourceHit, hits).map((r) => ({
            key: r.id,
            cells: [
              <>
                <StateBadge kind="resource" state={r.state} />{' '}
                <Link to={resourcePath(r.host_name, r.display_name, 'status')} onClick={onJump} {...HIT}>
                  {r.display_name}
                </Link>
              </>,
              <Link to={hostPath(r.host_name, 'resources')} onClick={onJump}>
                {r.host_name}
              </Link>,
              r.hostgroup_alias,
              <JumpToMenu jumps={resourceJumps(r.host_name, r.display_name, false)} onJump={onJump} />,
            ],
          }))}
        />
      )
      break
    case 'map':
      table = (
        <Table
          headers={[t('monitoring.search.types.map')]}
          rows={parsed(MapHit, hits).map((m) => {
            const text = m.alias ?? m.name ?? String(m.id)
            // SPEC §2 "The map table shows maps": each opens its map.
            const cell =
              m.hostgroup_name && m.name ? (
                <Link to={mapPath(m.hostgroup_name, m.name)} onClick={onJump} {...HIT}>
                  {text}
                </Link>
              ) : (
                text
              )
            return { key: m.id, cells: [cell] }
          })}
        />
      )
      break
    case 'hostgroup':
      table = (
        <Table
          headers={[col('hostgroup_alias'), t('monitoring.search.organization'), t('monitoring.search.hostCount')]}
          rows={parsed(EnvironmentHit, hits).map((e) => {
            const filter: FilterTuple[] = [['hostgroup_alias', 'equals', e.alias]]
            return {
              key: e.id,
              cells: [
                <Link to={hostsFilteredHref(filter, 'all')} onClick={onJump} {...HIT}>
                  {e.alias}
                </Link>,
                e.organization_name ?? '',
                e.host_count ?? '',
              ],
            }
          })}
        />
      )
      break
  }
  return (
    <>
      {hits.length < total && (
        <p className="small text-body-secondary" role="status">
          {t('monitoring.search.limited', { shown: hits.length, total })}
        </p>
      )}
      {table}
    </>
  )
}
