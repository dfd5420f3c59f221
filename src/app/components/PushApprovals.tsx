import { useTranslation } from 'react-i18next'
import { useApprovalFeed } from '../feed'
import { useDecidePush, usePushApprovals, useRefetchPushApprovals } from '../api/push-approvals'

/**
 * Issue 16 push approval (SPEC §4 push, one-time push, push and remember): the user's logins waiting on another
 * device, told by the feed, each with Approve (this login only), Approve and remember its browser, and Deny.
 */
export function PushApprovals() {
  const { t, i18n } = useTranslation()
  const approvals = usePushApprovals()
  const refetch = useRefetchPushApprovals()
  const decide = useDecidePush()
  useApprovalFeed(refetch)
  const request = approvals.data?.[0]
  if (!request) return null
  const choose = (decision: 'approve' | 'approve_and_remember' | 'deny') => decide.mutate({ id: request.id, decision })
  return (
    <div className="modal d-block" role="dialog" aria-modal="true" aria-labelledby="push-approval-title" tabIndex={-1}>
      <div className="modal-dialog">
        <div className="modal-content">
          <div className="modal-header">
            <h2 id="push-approval-title" className="modal-title h5">
              {t('app.pushApproval.title')}
            </h2>
          </div>
          <div className="modal-body">
            <p>
              {t('app.pushApproval.body', {
                source: request.source,
                time: new Date(request.created_time * 1000).toLocaleTimeString(i18n.language),
              })}
            </p>
            <p className="small text-body-secondary">{t('app.pushApproval.warning')}</p>
          </div>
          <div className="modal-footer">
            <button type="button" className="btn btn-outline-danger" disabled={decide.isPending} onClick={() => choose('deny')}>
              {t('app.pushApproval.deny')}
            </button>
            <button
              type="button"
              className="btn btn-outline-primary"
              disabled={decide.isPending}
              onClick={() => choose('approve_and_remember')}
            >
              {t('app.pushApproval.approveAndRemember')}
            </button>
            <button type="button" className="btn btn-primary" disabled={decide.isPending} onClick={() => choose('approve')}>
              {t('app.pushApproval.approve')}
            </button>
          </div>
        </div>
      </div>
    </div>
  )
}
