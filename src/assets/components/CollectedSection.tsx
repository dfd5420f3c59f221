import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { usePagedRoute } from '../../app/filters'
import { useTableShortcuts } from '../../app/input'
import { ASSET_SECTIONS, type AssetRow, type AssetSectionName } from '../../shared/asset-sections'
import type { HostAssetSection } from '../../shared/api/host-assets'
import { formatDateTime, TablePanel, type TableColumn } from '../../ui'
import { assetText, compareValues } from './asset-values'

/** Sections of one row, read as a list of their fields. */
const SINGLE_ROW = new Set<AssetSectionName>(['system', 'bios', 'os', 'memory', 'external_overview'])

/**
 * One asset section Vigil collected (interfaces, addresses, storage): its rows sorted and paged in the page, with
 * page and sort in the route; the system, BIOS, OS, memory and external overview sections, a single row each, read as a
 * list of their fields.
 */
export function CollectedSection({ section }: { section: HostAssetSection }) {
  const { t, i18n } = useTranslation()
  const name = section.section as AssetSectionName
  const fields = ASSET_SECTIONS[name]
  const paging = usePagedRoute()
  const sort = paging.table.sort
  const sorted = useMemo(() => {
    const column = sort?.column ?? fields[0]
    const rows = [...section.rows].sort((a, b) => compareValues(a[column] ?? null, b[column] ?? null))
    return sort?.desc ? rows.reverse() : rows
  }, [section.rows, sort, fields])
  useTableShortcuts({ ...paging.table, total: sorted.length }, !SINGLE_ROW.has(name))
  const columns = useMemo(
    (): TableColumn<AssetRow>[] =>
      fields.map((id, i) => {
        const text = (row: AssetRow) => assetText(id, row[id] ?? null, t, i18n.language)
        return {
          id,
          header: t(`assets.host.${name}.columns.${id}`),
          sortable: true,
          csv: text,
          cell: text,
          ...(i === 0 ? { sticky: 'name' as const } : {}),
        }
      }),
    [fields, name, t, i18n.language],
  )
  const collected = (
    <p className="small text-body-secondary">
      {t('assets.host.collected', {
        by: section.collected_by.join(', '),
        time: formatDateTime(new Date(section.updated_at * 1000)),
      })}
    </p>
  )
  if (SINGLE_ROW.has(name)) {
    const row = section.rows[0] ?? {}
    return (
      <section aria-label={t(`assets.host.${name}.title`)}>
        <dl className="row mb-2">
          {fields.map((id) => (
            <div key={id} className="col-12 d-flex gap-2">
              <dt className="fw-semibold">{t(`assets.host.${name}.columns.${id}`)}</dt>
              <dd className="mb-1">{assetText(id, row[id] ?? null, t, i18n.language)}</dd>
            </div>
          ))}
        </dl>
        {collected}
      </section>
    )
  }
  const { limit, offset } = paging.range
  return (
    <>
      <TablePanel
        title={t(`assets.host.${name}.title`)}
        rows={sorted.slice(offset, offset + limit)}
        getRowId={(row) => JSON.stringify(fields.map((f) => row[f]))}
        columns={columns}
        total={sorted.length}
        {...paging.table}
        loading={false}
        emptyKind="records"
        fetchAllRows={async () => sorted}
      />
      {collected}
    </>
  )
}
