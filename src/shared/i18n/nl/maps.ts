/** Dutch screen names of maps and slideshows (the keys of ../en/maps.ts). */
import type { maps as en } from '../en/maps'

export const maps: typeof en = {
  screens: {
    maps: 'Kaarten',
    slideshows: 'Diavoorstellingen',
    slideshow: 'Diavoorstelling',
    slideshowEdit: 'Diavoorstelling bewerken',
    viewer: 'Kaartweergave',
    legacyViewer: 'Oude kaartweergave',
    legacyEditor: 'Oude kaarteditor',
    timeline: 'Tijdlijn van de kaart',
    editor: 'Kaarteditor',
  },
}
