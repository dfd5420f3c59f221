/** Requests asked for before the app's code has loaded (issue 7), for the features' early modules and queries. */
export { askEarly, earlyOr, keepEarly, startupToken } from './early'
