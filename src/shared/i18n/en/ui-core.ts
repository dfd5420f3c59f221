/** The texts of src/ui that the shell itself shows, loaded with it (the rest of `ui` loads with the features). */
export const uiCore = {
  modal: {
    close: 'Close',
  },
}
