/** SPEC §7 error reports and usage tracker, SPEC §8 client messages (Javascript Exception, unsupported browser). */
export { startClientReports } from './start'
export { reportException } from './error-reports'
export { ignoreUnsupportedWarning, unsupportedBrowser, unsupportedWarningIgnored } from './browser-support'
