/**
 * The first module script of index.html (issue 7 "first paint under 1 s"). It is a few KB, so it runs as soon
 * as it arrives, while the app's bundle is still being fetched and compiled (~200 ms on a NOC wall's machine),
 * and asks for the current user (the route guard) and, on a map viewer route, the map (src/viewer/early.ts).
 * It imports the viewer's early module itself, not the viewer's index, which would pull its route table in.
 *
 * Before those requests it fetches the code the signed-in routes load lazily: the protected shell route and
 * the feature texts (also in the remembered language). Left to the router, these files were asked for only once the bundle had run, and then
 * waited behind the map's answers for one of the browser's six connections to the server.
 */
import { askEarly, startupToken } from './early'
import { startEarlyMapFetch } from '../../viewer/early'
import { featureTexts } from '../i18n/feature-texts'
import { getStored } from '../preferences/storage'

const token = startupToken()
if (token) {
  import('../guard/protected').catch(() => undefined)
  featureTexts.en().catch(() => undefined)
  // The language remembered by languages.ts (not imported here: it would bring i18next into this script).
  if (getStored(localStorage, 'language') === 'nl') featureTexts.nl().catch(() => undefined)
  askEarly('users/current', token).catch(() => undefined)
  startEarlyMapFetch()
}
