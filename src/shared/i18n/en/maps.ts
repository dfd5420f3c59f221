/** English texts of maps and slideshows (SPEC §2 Maps). */
import { mapsUi } from './maps-ui'
import { mapsViewer } from './viewer'

export const maps = {
  ...mapsUi,
  ...mapsViewer,
  screens: {
    maps: 'Maps',
    slideshows: 'Slideshows',
    slideshow: 'Slideshow',
    slideshowEdit: 'Slideshow editor',
    viewer: 'Map viewer',
    legacyViewer: 'Legacy map viewer',
    legacyEditor: 'Legacy map editor',
    timeline: 'Map timeline',
    editor: 'Map editor',
  },
}
