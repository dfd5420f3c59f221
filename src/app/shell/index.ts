/** What the shell offers the features: lazy pages, the message area and the page-not-found page. */
export { lazyPage } from './lazy-page'
export { showMessage } from './messages'
export { NotFoundPage } from '../pages/NotFoundPage'
