import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AllowedEnvironment } from '../../shared/api/users'
import type { z } from 'zod'
import { mapPath, slideshowPath } from '../../ui'
import { useCreateWallToken, useRevokeToken, useWallChoices, useWallTokens } from './api'
import { ShownOnce, TokenForm } from './TokenForm'
import { when } from './dates'

type Environment = z.infer<typeof AllowedEnvironment>
const enc = encodeURIComponent

/** Issue 16 "Wall tokens": read-only tokens for chosen maps and slideshows of an environment the user administers. */
export function WallTokens({ environments }: { environments: readonly Environment[] }) {
  const { t } = useTranslation()
  const [envId, setEnvId] = useState(environments[0].id)
  const env = environments.find((e) => e.id === envId) ?? environments[0]
  const choices = useWallChoices(env.id)
  const walls = useWallTokens(env.id)
  const create = useCreateWallToken()
  const revoke = useRevokeToken('wall-tokens')
  const [maps, setMaps] = useState<number[]>([])
  const [shows, setShows] = useState<number[]>([])
  const [link, setLink] = useState<string | null>(null)
  const toggle = (ids: number[], id: number) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id])
  const mapList = choices.data?.maps ?? []
  const showList = choices.data?.slideshows ?? []
  const mapAlias = (id: number) => mapList.find((m) => m.id === id)?.alias ?? `#${id}`
  const showAlias = (id: number) => showList.find((s) => s.id === id)?.alias ?? `#${id}`
  /** The wall opens its first map, else its first slideshow, fullscreen. */
  const wallLink = (token: string) => {
    const map = mapList.find((m) => maps.includes(m.id))
    const show = showList.find((s) => shows.includes(s.id))
    const path = map ? mapPath(env.name, map.name, 'fullscreen') : slideshowPath(env.name, show?.name ?? '', 'fullscreen')
    // Routes are hash routes (SPEC §2): without the # a wall would open the start page.
    return `${window.location.origin}/#${path}?token=${enc(token)}`
  }
  const box = (id: number, alias: string, ids: number[], set: (ids: number[]) => void) => (
    <label key={id} className="form-check form-check-inline">
      <input className="form-check-input" type="checkbox" checked={ids.includes(id)} onChange={() => set(toggle(ids, id))} />
      {alias}
    </label>
  )
  return (
    <section aria-label={t('user.walls.title')} className="mt-4">
      <h2 className="h5">{t('user.walls.title')}</h2>
      <p className="text-body-secondary">{t('user.walls.intro')}</p>
      <TokenForm
        label={t('user.walls.create')}
        pending={create.isPending}
        onCreate={(body) =>
          create.mutate(
            { ...body, hostgroup_id: env.id, map_ids: maps, slideshow_ids: shows },
            { onSuccess: (r) => setLink(wallLink(r.token)) },
          )
        }
      >
        <div className="col-12">
          <label className="form-label">
            {t('user.walls.environment')}
            <select
              className="form-select"
              value={env.id}
              onChange={(e) => {
                setEnvId(Number(e.target.value))
                setMaps([])
                setShows([])
              }}
            >
              {environments.map((e) => (
                <option key={e.id} value={e.id}>
                  {e.alias}
                </option>
              ))}
            </select>
          </label>
        </div>
        <fieldset className="col-12">
          <legend className="fs-6">{t('user.walls.maps')}</legend>
          {mapList.map((m) => box(m.id, m.alias, maps, setMaps))}
        </fieldset>
        <fieldset className="col-12">
          <legend className="fs-6">{t('user.walls.slideshows')}</legend>
          {showList.map((s) => box(s.id, s.alias, shows, setShows))}
        </fieldset>
        {choices.data && !mapList.length && !showList.length && <p className="col-12 text-body-secondary">{t('user.walls.noMaps')}</p>}
      </TokenForm>
      {link && <ShownOnce value={link} link={link} />}
      <table className="table table-sm" aria-label={t('user.walls.title')}>
        <thead>
          <tr>
            <th>{t('user.tokens.name')}</th>
            <th>{t('user.walls.shows')}</th>
            <th>{t('user.tokens.expires')}</th>
            <th>{t('user.tokens.lastUsed')}</th>
            <th>{t('user.tokens.lastUsedFrom')}</th>
            <th>{t('user.walls.issuedBy')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {(walls.data ?? []).map((row) => (
            <tr key={row.id}>
              <td>{row.name}</td>
              <td>{[...row.map_ids.map(mapAlias), ...row.slideshow_ids.map(showAlias)].join(', ')}</td>
              <td>{when(row.expires, '')}</td>
              <td>{when(row.last_used, t('user.tokens.never'))}</td>
              <td>{row.last_used_from ?? ''}</td>
              <td>{row.issued_by}</td>
              <td className="text-end">
                <button
                  type="button"
                  className="btn btn-sm btn-link text-danger"
                  onClick={() => window.confirm(t('user.tokens.revokeConfirm', { name: row.name })) && revoke.mutate(row.id)}
                >
                  {t('user.tokens.revoke')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
