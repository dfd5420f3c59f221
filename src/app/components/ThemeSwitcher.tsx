import { useTranslation } from 'react-i18next'
import { THEMES, type Theme } from '../../shared/enums'
import { isTheme } from '../preferences/themes'

export interface ThemeSwitcherProps {
  theme: Theme
  onChange(theme: Theme): void
}

/** SPEC §1 themes, switchable at runtime. */
export function ThemeSwitcher({ theme, onChange }: ThemeSwitcherProps) {
  const { t } = useTranslation()
  return (
    <select
      className="form-select form-select-sm w-auto"
      aria-label={t('app.theme.label')}
      value={theme}
      onChange={(e) => {
        if (isTheme(e.target.value)) onChange(e.target.value)
      }}
    >
      {THEMES.map((id) => (
        <option key={id} value={id}>
          {t(`app.theme.${id}`)}
        </option>
      ))}
    </select>
  )
}
