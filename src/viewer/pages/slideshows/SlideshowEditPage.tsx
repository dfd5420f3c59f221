import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { useCurrentUser } from '../../../app/api'
import { showMessage } from '../../../app/shell'
import { writableEnvironments } from '../../../ui'
import { slideshowPath } from '../../../ui'
import { useSlideshow } from './api'
import { SlideshowForm } from './SlideshowForm'

/** SPEC §2 /maps/slideshows/{hostgroup_name}/{name}/edit: the slideshow form; saving shows the slideshow. */
export function SlideshowEditPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const user = useCurrentUser()
  const { hostgroup_name = '', name = '' } = useParams()
  const show = useSlideshow(hostgroup_name, name)
  const back = () => void navigate(slideshowPath(hostgroup_name, name))
  return (
    <div className="container py-3">
      <h1 className="h4">{t('maps.slideshows.form.title')}</h1>
      {show.data && (
        <SlideshowForm
          slideshow={show.data}
          environments={writableEnvironments(user)}
          onCancel={back}
          onSaved={(saved) => {
            showMessage({ variant: 'success', text: t('maps.slideshows.saved', { alias: saved.alias }) })
            void navigate(slideshowPath(saved.hostgroup_name, saved.name))
          }}
        />
      )}
    </div>
  )
}
