/** The live feed (issue 3): the session's socket and the hooks screens subscribe with. */
export { feed, useApprovalFeed, useFeed, useFeedReconnect, useFeedState, usePollingWhileOffline } from './feed'
