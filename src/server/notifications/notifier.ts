/**
 * Notifications (issue 5, SPEC §9 event type `notification`). The engine hands over what it wrote
 * (EngineOptions.onWritten); a HARD state change of a host or resource is notified when
 * - its host has "notifications enabled" (SPEC §3 host admin field),
 * - a problem is neither acknowledged nor in maintenance (the object's, or for a resource its host's),
 * - a recovery follows a problem that was notified (Nagios: no recovery for a problem nobody heard of),
 * - the change is not a flapping start or stop, and the object is not flapping (Nagios suppresses those).
 * Each notification is a timeline event: who (`contact`, the channel), what (object, state, output in
 * `message`), why (`action` PROBLEM or RECOVERY) and its delivery status (`status` PENDING → SENT or
 * FAILED, with `attempts` and `last_error` in extra_data). Hosts with the option tag delayed-notifications or
 * standby wait DELAYED_NOTIFICATION_S (SPEC §9: 10 minutes) first: a problem that recovered, or was
 * acknowledged or put in maintenance meanwhile, is DROPPED instead. The wait is a timer in the process that wrote
 * the notification; a sweep every SWEEP_S decides the DELAYED ones past due whose timer died with a restart, in
 * whichever process sweeps first (the decision is claimed in the database, so none is sent twice). A device configuration that changed (a config-backups version,
 * event CONFIG_CHANGED) is notified too, unless made in maintenance: that is planned work.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Store } from '../store/db'
import type { Bus } from '../feed/bus'
import type { BusMessage, EventDelta, FeedDelta } from '../../shared/feed'
import { loadTargets, type ActionTarget } from '../store/action-targets'
import { claimEventStatus, eventDelta, eventDeltas, updateEventStatus, writeEvents } from '../store/event-log'
import {
  delayedNotifications,
  isFlappingChange,
  lastNotified,
  notificationSettings,
  notifyingAcknowledgement,
  type DelayedNotification,
} from '../store/notifications'
import { deliverWebhook, webhookOrigin, type Delivery } from './webhook'

interface NotifierOptions {
  store: Store
  bus: Bus
  log: FastifyBaseLogger
  /** VIGIL_NOTIFY_WEBHOOK; without it nothing is notified */
  webhookUrl: string | undefined
  /** seconds a delayed notification waits (DELAYED_NOTIFICATION_S) */
  delayS: number
  retryDelaysMs?: readonly number[]
}

type NotificationType = 'PROBLEM' | 'RECOVERY' | 'ACKNOWLEDGEMENT' | 'CONFIG_CHANGED'
const DELAY_TAGS = ['delayed-notifications', 'standby']
const RECOVERED = ['ok', 'up']
/** How often the DELAYED notifications past due are looked for (at most this late after a restart). */
const SWEEP_S = 30

interface Subject {
  target: ActionTarget
  notificationsEnabled: boolean
  delayed: boolean
  inMaintenance: boolean
}

export function createNotifier(o: NotifierOptions) {
  const db = o.store.db
  const stopping = new AbortController()
  const timers = new Set<NodeJS.Timeout>()
  const deliveries = new Set<Promise<void>>()
  // One state change at a time, in the order written: a recovery is decided after its problem.
  let chain: Promise<void> = Promise.resolve()

  async function subjectOf(e: EventDelta): Promise<Subject | null> {
    const object = e.resource_id === null ? 'host' : 'resource'
    const [target] = await loadTargets(db, object, [e.resource_id ?? e.host_id!])
    const settings = target ? await notificationSettings(db, target) : null
    if (!target || !settings) return null
    return {
      target,
      notificationsEnabled: settings.notificationsEnabled,
      delayed: settings.tags.some((t) => DELAY_TAGS.includes(t)),
      inMaintenance: settings.inMaintenance,
    }
  }

  function publish(deltas: EventDelta[]) {
    for (const d of deltas) o.bus.publish(d)
  }

  /** Delivery runs beside the decisions: one slow webhook does not hold up the next state change. */
  function deliver(id: number, extra: Record<string, unknown>, payload: Record<string, unknown>) {
    const p = send(id, extra, payload)
      .catch((err) => o.log.error({ err, event: id }, 'notification delivery failed'))
      .finally(() => deliveries.delete(p))
    deliveries.add(p)
  }

  /** Delivers a notification already PENDING: written so, or claimed from DELAYED (decideDelayed). */
  async function send(id: number, extra: Record<string, unknown>, payload: Record<string, unknown>) {
    const delivery: Delivery = await deliverWebhook(
      o.webhookUrl!,
      { ...payload, event_id: id },
      { delaysMs: o.retryDelaysMs, signal: stopping.signal },
    )
    if (delivery.status === 'FAILED') o.log.warn({ event: id, error: delivery.last_error }, 'notification not delivered')
    publish(
      await updateEventStatus(db, id, delivery.status, {
        ...extra,
        attempts: delivery.attempts,
        last_error: delivery.last_error,
        delivered_time: delivery.status === 'SENT' ? Math.floor(Date.now() / 1000) : null,
      }),
    )
  }

  async function handle(e: EventDelta) {
    if ((await isFlappingChange(db, e.id)) !== false) return
    const subject = await subjectOf(e)
    if (!subject?.notificationsEnabled) return
    const { target } = subject
    const type: NotificationType = RECOVERED.includes(e.status) ? 'RECOVERY' : 'PROBLEM'
    if (type === 'PROBLEM' && (target.acknowledged || subject.inMaintenance)) return
    if (type === 'RECOVERY' && (await lastNotified(db, target)) !== 'PROBLEM') return
    const delayed = type === 'PROBLEM' && subject.delayed
    const event = await write(target, type, {
      state: e.status,
      stateEventId: e.id,
      reason: `HARD state change to ${e.status}`,
      message: e.message,
      delayedS: delayed ? o.delayS : 0,
      at: e.display_time,
    })
    if (!delayed) return deliver(event.id, event.extra, stateChangePayload(target, type, e))
    const timer = setTimeout(() => {
      timers.delete(timer)
      queue(e, (change) => decideDelayed(change, event))
    }, o.delayS * 1000)
    timers.add(timer)
  }

  /**
   * SPEC §9 delayed standby notification, once its wait is over: still the same problem, still unhandled? Then it
   * goes, else it is DROPPED. Claimed in the database first: a timer and a sweep never both decide it.
   */
  async function decideDelayed(e: EventDelta, event: { id: number; extra: Record<string, unknown> }) {
    const now = await subjectOf(e)
    const still = now && now.target.state === e.status && !now.target.acknowledged && !now.inMaintenance && now.notificationsEnabled
    const extra = still ? event.extra : { ...event.extra, reason: `${event.extra.reason}; no longer ${e.status} after ${o.delayS} s` }
    const claimed = await claimEventStatus(db, event.id, 'DELAYED', still ? 'PENDING' : 'DROPPED', extra)
    if (!claimed.length) return
    publish(claimed)
    if (still) deliver(event.id, event.extra, stateChangePayload(now.target, 'PROBLEM', e))
  }

  /** The DELAYED notifications past due: those whose timer died with a restart (or fires a moment later). */
  async function sweep() {
    const now = Math.floor(Date.now() / 1000)
    const due = (await delayedNotifications(db)).filter((n) => n.due <= now)
    for (const n of due) {
      const [change] = n.stateEventId === null ? [] : await eventDeltas(db, [n.stateEventId])
      if (change) queue(change, (c) => decideDelayed(c, n))
      else await dropOrphan(n)
    }
  }

  /** A delayed notification whose state change is gone (its host deleted) has nothing left to say. */
  async function dropOrphan(n: DelayedNotification) {
    publish(await claimEventStatus(db, n.id, 'DELAYED', 'DROPPED', { ...n.extra, reason: `${n.extra.reason}; the object is gone` }))
  }

  function stateChangePayload(target: ActionTarget, type: NotificationType, e: EventDelta) {
    return { ...payloadOf(target, type), state: e.status, state_type: e.state_type, output: e.message, time: e.display_time }
  }

  /** Issue 17: an acknowledgement made with "notify" tells the contacts who took the problem (Nagios ACKNOWLEDGEMENT). */
  async function handleAcknowledgement(e: EventDelta) {
    const acknowledgement = await notifyingAcknowledgement(db, e.id)
    const subject = acknowledgement && (await subjectOf(e))
    if (!acknowledgement || !subject?.notificationsEnabled) return
    const { target } = subject
    const event = await write(target, 'ACKNOWLEDGEMENT', {
      state: target.state,
      stateEventId: null,
      reason: `acknowledged by ${acknowledgement.author}`,
      message: `${acknowledgement.comment} (${acknowledgement.author})`,
      delayedS: 0,
      at: e.display_time,
    })
    deliver(event.id, event.extra, {
      ...payloadOf(target, 'ACKNOWLEDGEMENT'),
      state: target.state,
      output: target.pluginOutput,
      comment: acknowledgement.comment,
      author: acknowledgement.author,
      time: e.display_time,
    })
  }

  /** A device's configuration changed outside maintenance: who changes a firewall unannounced is news. */
  async function handleConfigChange(e: EventDelta) {
    const subject = await subjectOf(e)
    if (!subject?.notificationsEnabled || subject.inMaintenance) return
    const { target } = subject
    const event = await write(target, 'CONFIG_CHANGED', {
      state: target.state,
      stateEventId: null,
      reason: 'configuration changed',
      message: e.message,
      delayedS: 0,
      at: e.display_time,
    })
    deliver(event.id, event.extra, { ...payloadOf(target, 'CONFIG_CHANGED'), output: e.message, time: e.display_time })
  }

  interface Why {
    state: string
    stateEventId: number | null
    reason: string
    message: string
    delayedS: number
    /** when what is notified happened */
    at: number
  }

  /** The notification's timeline event: who (contact), what (object, state, message), why (action, reason). */
  async function write(target: ActionTarget, type: NotificationType, why: Why) {
    const subjectText = target.resourceName === null ? target.hostName : `${target.hostName} › ${target.resourceName}`
    const extra = {
      notification_type: type,
      action: type,
      contact: webhookOrigin(o.webhookUrl!),
      command: 'webhook',
      state: why.state,
      state_event_id: why.stateEventId,
      reason: why.reason,
      delayed_s: why.delayedS,
      attempts: 0,
    }
    const [event] = await writeEvents(db, [
      {
        type: 'notification',
        target,
        status: why.delayedS ? 'DELAYED' : 'PENDING',
        comment: '',
        actor: null,
        start_time: why.at,
        display_time: Math.floor(Date.now() / 1000),
        message: `${type}: ${subjectText} is ${why.state.toUpperCase()} – ${why.message}`,
        extra_data: extra,
      },
    ])
    publish([eventDelta(event)])
    return { id: event.id, extra }
  }

  function payloadOf(target: ActionTarget, type: NotificationType) {
    return {
      notification_type: type,
      object: target.object,
      host_id: target.hostId,
      host_name: target.hostName,
      resource_id: target.object === 'resource' ? target.id : null,
      resource_name: target.resourceName,
      hostgroup_id: target.hostgroupId,
    }
  }

  const queue = (d: EventDelta, work: (d: EventDelta) => Promise<void>) => {
    chain = chain.then(() => work(d)).catch((err) => o.log.error({ err, event: d.id }, 'notification failed'))
  }
  const sweepNow = () => void sweep().catch((err) => o.log.error({ err }, 'delayed notification sweep failed'))
  const sweeper = o.webhookUrl ? setInterval(sweepNow, SWEEP_S * 1000) : undefined
  sweeper?.unref()
  // At start: the delayed notifications a restart interrupted are decided now if they are due.
  if (o.webhookUrl) sweepNow()

  return {
    /** EngineOptions.onWritten: the HARD state changes and configuration changes of a batch, queued in order. */
    onWritten(deltas: FeedDelta[]) {
      if (!o.webhookUrl) return
      for (const d of deltas) {
        if (d.kind !== 'event') continue
        if (d.type === 'state_change' && d.state_type === 'HARD') queue(d, handle)
        else if (d.type === 'system' && d.status === 'CONFIG_CHANGED') queue(d, handleConfigChange)
      }
    },
    /**
     * What this process's routes published (the route bus of vigil.ts): acknowledgements made with "notify".
     * Only the process that wrote a change notifies it, so several processes never send one twice.
     */
    onPublished(delta: BusMessage) {
      if (!o.webhookUrl || delta.kind !== 'event' || delta.type !== 'acknowledgement' || delta.status !== 'ADDED') return
      queue(delta, handleAcknowledgement)
    },
    /** Stops waiting: delayed notifications are not sent, retries end as FAILED. */
    async stop() {
      clearInterval(sweeper)
      for (const t of timers) clearTimeout(t)
      timers.clear()
      stopping.abort()
      await chain
      await Promise.all(deliveries)
    },
  }
}
