/** English texts of shared widgets (src/ui). */
export const ui = {
  comingSoon: {
    badge: 'Coming soon',
    text: 'The {{screen}} screen is coming soon in a later release of Vigil.',
  },
  modal: {
    close: 'Close',
  },
}
