/**
 * Issue 16 push approval (SPEC §4 "push"): how a login waiting for approval reaches the user. A provider only
 * delivers the request; the decision always comes back through POST /users/current/push-approvals/{id}
 * (store/push-approvals.ts), so a vendor's app would call that as the built-in provider's browser does.
 */
import type { Bus } from '../feed/bus'
import type { ApprovalDelta } from '../../shared/feed'

export interface PushProvider {
  /** Tells the user's devices of a new request, or that one was decided or ran out (their prompts close). */
  deliver(approval: ApprovalDelta): void
}

/**
 * Built in, no outside vendor: the request goes over the live feed to every signed-in Vigil session of the
 * same user (a phone's browser, a second computer), which shows it with Approve and Deny.
 */
export const sessionPushProvider = (bus: Bus): PushProvider => ({ deliver: (approval) => bus.publish(approval) })
