/** The session and its token (SPEC §4), for the login page and the features that open their own sockets. */
export { startSession } from './session'
export { getDeviceToken, getToken, storeDeviceToken } from './token'
