/** What the shell offers the screens: the message area and the page-not-found page. */
export { showMessage } from './messages'
export { NotFoundPage } from '../pages/NotFoundPage'
