import { useTranslation } from 'react-i18next'
import { REFRESH_KINDS, refreshIntervalsOf, usePreferences } from '../preferences'
import { useCurrentUser } from '../api/current-user'
import { ThemeSwitcher } from '../components/ThemeSwitcher'
import { PAGE_SIZE_OPTIONS } from '../../shared/constants'
import type { Preferences } from '../../shared/api/users'
import { LANGUAGES } from '../../shared/enums'

/**
 * SPEC §2 /user/preferences and §3 User preferences (issue 16): each change is saved at once through the
 * throttled PUT /users/current (SPEC §7: at most once per 3 s).
 */
export function PreferencesPage() {
  const { t } = useTranslation()
  const user = useCurrentUser()
  const [prefs, set] = usePreferences()
  if (!prefs || !user) return null
  const filter = prefs.environmentFilter
  const toggle = (id: Preferences['environmentFilter'][number]) =>
    set({ environmentFilter: filter.includes(id) ? filter.filter((x) => x !== id) : [...filter, id] })
  const intervals = refreshIntervalsOf(prefs)
  const check = (id: string, label: string, checked: boolean, onChange: () => void) => (
    <label key={id} className="form-check form-check-inline">
      <input className="form-check-input" type="checkbox" checked={checked} onChange={onChange} />
      {label}
    </label>
  )
  return (
    <div className="container-fluid py-3" style={{ maxWidth: 900 }}>
      <h1 className="h4">{t('user.preferences.title')}</h1>
      <p className="text-body-secondary">{t('user.preferences.saved')}</p>
      <fieldset className="mb-3">
        <legend className="fs-6">{t('user.preferences.environmentFilter')}</legend>
        <div>
          {user.allowed_environments.map((e) => check(String(e.id), e.alias, filter.includes(e.id), () => toggle(e.id)))}
          {user.allowed_environment_lists.map((l) => check(l.id, l.name, filter.includes(l.id), () => toggle(l.id)))}
        </div>
        <div className="form-text">{t('user.preferences.environmentFilterHelp')}</div>
      </fieldset>
      <div className="mb-3">
        {check('autoreload', t('user.preferences.autoreload'), prefs.autoreload, () => set({ autoreload: !prefs.autoreload }))}
        {check('hideSideBar', t('user.preferences.hideSideBar'), prefs.hideSideBar, () => set({ hideSideBar: !prefs.hideSideBar }))}
      </div>
      <div className="row g-3 mb-3">
        <label className="col-sm-4 form-label">
          {t('user.preferences.pageSize')}
          <select className="form-select" value={prefs.page_size} onChange={(e) => set({ page_size: Number(e.target.value) })}>
            {PAGE_SIZE_OPTIONS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <div className="col-sm-4">
          <span className="form-label d-block">{t('user.preferences.theme')}</span>
          <ThemeSwitcher theme={prefs.theme} onChange={(theme) => set({ theme })} />
        </div>
        <label className="col-sm-4 form-label">
          {t('user.preferences.language')}
          <select className="form-select" value={prefs.language} onChange={(e) => set({ language: e.target.value })}>
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {t(`user.preferences.languages.${l}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <fieldset>
        <legend className="fs-6">{t('user.preferences.refresh')}</legend>
        <div className="row g-2">
          {REFRESH_KINDS.map(({ kind, fallback }) => (
            <label key={kind} className="col-sm-2 form-label">
              {t(`user.preferences.refreshKinds.${kind}`)}
              <input
                className="form-control"
                type="number"
                min={5}
                max={3600}
                placeholder={String(fallback)}
                value={intervals[kind] ?? ''}
                onChange={(e) => {
                  const n = Math.round(Number(e.target.value))
                  const next = { ...intervals }
                  if (e.target.value === '' || !(n >= 5 && n <= 3600)) delete next[kind]
                  else next[kind] = n
                  set({ refresh_intervals: next })
                }}
              />
            </label>
          ))}
        </div>
        <div className="form-text">{t('user.preferences.refreshHelp')}</div>
      </fieldset>
    </div>
  )
}
