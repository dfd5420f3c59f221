/** SPEC §2 slideshow screens: the list, the slideshow (and /fullscreen) and the /edit form. */
export { SlideshowsPage } from './SlideshowsPage'
export { SlideshowPage } from './SlideshowPage'
export { SlideshowEditPage } from './SlideshowEditPage'
