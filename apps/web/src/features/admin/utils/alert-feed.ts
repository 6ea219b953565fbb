import type { MonitorAlert } from '@viabiliza/contracts/admin-console';

export const ALERT_FEED_SIZE = 10;
/** The client's own collection failures are kept in the feed; the server's alerts are only what holds now. */
export const CLIENT_ALERT_PREFIX = 'client:';

/**
 * One poll's alerts against what the page already showed: `toast` are the alerts not seen while
 * they lasted (each condition is toasted once), `seen` forgets alerts that cleared (a new episode
 * toasts again), and `feed` lists the active alerts and the client's failures, newest first.
 */
export function mergeAlerts(serverAlerts: MonitorAlert[], previousFeed: MonitorAlert[], seen: ReadonlySet<string>) {
  const active = new Set(serverAlerts.map((a) => a.id));
  const toast = serverAlerts.filter((a) => !seen.has(a.id));
  const nextSeen = new Set([...seen].filter((id) => id.startsWith(CLIENT_ALERT_PREFIX) || active.has(id)));
  for (const a of toast) nextSeen.add(a.id);
  const feed = [...serverAlerts, ...previousFeed.filter((a) => a.id.startsWith(CLIENT_ALERT_PREFIX))]
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, ALERT_FEED_SIZE);
  return { toast, seen: nextSeen, feed };
}
