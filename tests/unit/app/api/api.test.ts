// @vitest-environment jsdom
/** What the application does with a failed call (SPEC §8), through the real wiring of src/app/api/api.ts. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { handleApiFailure } from '../../../../src/app/api/api'
import { ApiFailure } from '../../../../src/app/api/api-failure'
import { messageStore } from '../../../../src/app/shell/messages'
import { blockingPageStore } from '../../../../src/app/shell/navigation'
import { getToken, storeUrlToken } from '../../../../src/app/guard/token'

const http = (status: number) => new ApiFailure({ kind: 'http', status, requestId: 'req-9' })

describe('error handling in the app (SPEC §8)', () => {
  beforeEach(() => {
    localStorage.clear()
    window.location.hash = '#/maps/slideshows?x=1'
  })
  afterEach(() => {
    messageStore.getState().closeAll()
    blockingPageStore.setState({ page: null })
  })

  it('401 forgets the token and goes to login with the current location as redirect', () => {
    storeUrlToken('expired')
    handleApiFailure(http(401))
    expect(getToken()).toBeNull()
    expect(window.location.hash).toBe('#/login?redirect=%2Fmaps%2Fslideshows%3Fx%3D1')
  })

  it('403 shows the not-authorized page and 404 the content-not-found page', () => {
    handleApiFailure(http(403))
    expect(blockingPageStore.getState().page).toBe('not_authorized')
    handleApiFailure(http(404))
    expect(blockingPageStore.getState().page).toBe('content_not_found')
  })

  it('500 shows a red message with the request id, once per failure', () => {
    handleApiFailure(http(500))
    const [message] = messageStore.getState().messages
    expect(message).toMatchObject({ variant: 'danger', duration: 'internal_error' })
    expect(message.text).toContain('req-9')
  })

  it('repeated "No connection" failures show one message', () => {
    handleApiFailure(new ApiFailure({ kind: 'network' }))
    handleApiFailure(new ApiFailure({ kind: 'network' }))
    expect(messageStore.getState().messages).toHaveLength(1)
  })
})
