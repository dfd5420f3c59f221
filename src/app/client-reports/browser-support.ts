/**
 * SPEC §8 "Client messages": an unsupported browser (old IE) gets a warning it may ignore, a Javascript
 * Exception banner of its own and no error reports (SPEC §7 "It is not sent for unsupported browsers").
 * Unsupported: Internet Explorer, or a browser lacking what the shell relies on.
 */
import { getStored, setStored } from '../preferences/storage'

const IGNORED_KEY = 'unsupported_browser_ignored'
/** An ignored warning stays ignored for a year. */
const IGNORE_S = 365 * 24 * 3600

export function isUnsupportedBrowser(
  userAgent: string,
  features: Partial<Record<'ResizeObserver' | 'IntersectionObserver', unknown>>,
): boolean {
  return /MSIE |Trident\//.test(userAgent) || !features.ResizeObserver || !features.IntersectionObserver
}

export const unsupportedBrowser = () => isUnsupportedBrowser(navigator.userAgent, window as never)

export const unsupportedWarningIgnored = (storage: Storage = localStorage) => getStored<boolean>(storage, IGNORED_KEY) === true

export const ignoreUnsupportedWarning = (storage: Storage = localStorage) => setStored(storage, IGNORED_KEY, true, IGNORE_S)
