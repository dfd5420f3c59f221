/** The API client (SPEC §7) and its query client, as the features use them. */
export { api, requestLog } from './api'
export { ApiFailure, isApiFailure } from './api-failure'
export { useCurrentUser, currentUserKey } from './current-user'
export { translatedErrorText } from './error-handler'
export { queryClient } from './query-client'
