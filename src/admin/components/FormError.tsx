import { useTranslation } from 'react-i18next'
import { ApiFailure } from '../../app/api'

/** A refused write's SPEC §8 message (`errors.<key>`), shown next to the form that sent it. */
export function FormError({ error }: { error: Error | null }) {
  const { t } = useTranslation()
  if (!error) return null
  const key = error instanceof ApiFailure ? error.errorBody?.key : undefined
  return (
    <p className="text-danger small mb-2" role="alert">
      {key ? t(`errors.${key}`, { defaultValue: key }) : error.message}
    </p>
  )
}
