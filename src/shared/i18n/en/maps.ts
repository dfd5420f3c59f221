/**
 * English screen names of maps and slideshows (SPEC §2 Maps), which the shell's menu and titles need. The
 * texts of the maps screens (maps-ui.ts, viewer.ts) load with the features (src/app/i18n/i18n.ts).
 */
export const maps = {
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
