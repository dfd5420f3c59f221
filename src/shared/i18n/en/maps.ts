/** English texts of maps and slideshows (SPEC §2 Maps). */
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
