/** The texts of src/ui that the shell itself shows, loaded with it (the rest of `ui` loads with the features). */
export const uiCore = {
  comingSoon: {
    badge: 'Coming soon',
    text: 'The {{screen}} screen is coming soon in a later release of Vigil.',
  },
  modal: {
    close: 'Close',
  },
}
