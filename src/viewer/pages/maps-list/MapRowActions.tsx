import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { usePreferences } from '../../../app/preferences'
import { showMessage } from '../../../app/shell'
import type { MapInfo } from '../../../shared/api/maps'
import { Icon } from '../../../ui'
import { downloadMap } from './api'
import { mapWrites, useMapWrite } from '../../api'
import { editorPath } from './AddMapDialog'

/** The viewer's address of a map in a mode (SPEC §2 "Current viewer"). */
export const viewerPath = (map: Pick<MapInfo, 'hostgroup_name' | 'name'>, mode: 'view' | 'fullscreen') =>
  `/maps/${encodeURIComponent(map.hostgroup_name)}/${encodeURIComponent(map.name)}/${mode}`

export interface MapRowActionsProps {
  map: MapInfo
  onDelete(map: MapInfo): void
}

/**
 * SPEC §2 Maps table actions (edit, fullscreen, delete) plus the SPEC §4 lifecycle (archive, recover),
 * re-sync of generated maps and export (the JSON document, the SVG picture and a PNG of it, for anyone who may see the map). Without the write right edit and delete are refused ("Edit not allowed" /
 * "Delete not allowed"); a map locked by another user cannot be edited or deleted, and says who holds it.
 */
export function MapRowActions({ map, onDelete }: MapRowActionsProps) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [preferences] = usePreferences()
  const canWrite = map.allowed_actions.includes('write')
  const alias = map.alias
  const refuse = (key: string) => showMessage({ variant: 'warning', text: t(key, { alias, username: map.lock?.username }) })

  /** Runs `action` when allowed, else shows why not (SPEC §6 "not authorized" messages, SPEC §2 lock). */
  const guarded =
    (notAllowed: string, action: () => void, lockMatters = true) =>
    () => {
      if (!canWrite) return refuse(notAllowed)
      if (lockMatters && map.locked_by_someone) return refuse('maps.list.lockedRefusal')
      action()
    }
  const run = (call: () => Promise<unknown>) => () => void call().catch(() => undefined)
  // Issue 18 "One picture everywhere": the picture in the user's theme, as their wall shows it.
  const download = (format: Parameters<typeof downloadMap>[1]) => run(() => downloadMap(map, format, preferences?.theme))
  const archiving = useMapWrite(mapWrites.archive)
  const recovering = useMapWrite(mapWrites.recover)
  const syncing = useMapWrite(mapWrites.sync)

  const archive = async () => {
    const result = await archiving.mutateAsync(map.id)
    showMessage({ variant: 'success', text: t('maps.list.archived', { alias }) })
    // SPEC §4: the links other maps had to it are removed, with a warning naming those maps.
    if (result.warnings.length)
      showMessage({
        variant: 'warning',
        text: t('maps.list.archiveWarning', { alias, maps: result.warnings.map((w) => w.alias).join(', ') }),
      })
  }
  const recover = async () => {
    await recovering.mutateAsync(map.id)
    showMessage({ variant: 'success', text: t('maps.list.recovered', { alias }) })
  }
  const sync = async () => {
    await syncing.mutateAsync(map.id)
    showMessage({ variant: 'success', text: t('maps.list.synced', { alias }) })
  }

  const button = 'btn btn-sm btn-outline-secondary'
  return (
    <div className="btn-group" role="group">
      <button
        type="button"
        className={button}
        aria-label={t('maps.list.actions.edit', { alias })}
        onClick={guarded('maps.list.editNotAllowed', () => void navigate(editorPath(map)))}
      >
        ✎
      </button>
      <button
        type="button"
        className={button}
        aria-label={t('maps.list.actions.fullscreen', { alias })}
        onClick={() => void navigate(viewerPath(map, 'fullscreen'))}
      >
        ⛶
      </button>
      <button type="button" className={button} aria-label={t('maps.list.actions.exportJson', { alias })} onClick={download('json')}>
        {'{}'}
      </button>
      <button type="button" className={button} aria-label={t('maps.list.actions.exportSvg', { alias })} onClick={download('svg')}>
        SVG
      </button>
      <button type="button" className={button} aria-label={t('maps.list.actions.exportPng', { alias })} onClick={download('png')}>
        PNG
      </button>
      {map.generated && (
        <button
          type="button"
          className={button}
          aria-label={t('maps.list.actions.sync', { alias })}
          onClick={guarded('maps.list.editNotAllowed', run(sync))}
        >
          ⟳
        </button>
      )}
      {map.status === 'archived' ? (
        <button
          type="button"
          className={button}
          aria-label={t('maps.list.actions.recover', { alias })}
          onClick={guarded('maps.list.recoverNotAllowed', run(recover), false)}
        >
          ↺
        </button>
      ) : (
        <button
          type="button"
          className={button}
          aria-label={t('maps.list.actions.archive', { alias })}
          onClick={guarded('maps.list.editNotAllowed', run(archive))}
        >
          ▣
        </button>
      )}
      <button
        type="button"
        className="btn btn-sm btn-outline-danger"
        aria-label={t('maps.list.actions.delete', { alias })}
        onClick={guarded('maps.list.deleteNotAllowed', () => onDelete(map))}
      >
        <Icon name="trash" />
      </button>
    </div>
  )
}
