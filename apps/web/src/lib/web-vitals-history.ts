import { WEB_VITALS_KEPT, WEB_VITAL_NAMES, type WebVitalRecord } from '@viabiliza/contracts/web-vitals';

/** The local history (spec 01 §3): newest last, at most WEB_VITALS_KEPT, unreadable entries dropped. */
export function appendWebVital(stored: string | null, record: WebVitalRecord, kept = WEB_VITALS_KEPT): WebVitalRecord[] {
  let list: WebVitalRecord[] = [];
  try {
    const parsed: unknown = stored ? JSON.parse(stored) : [];
    if (Array.isArray(parsed)) list = parsed.filter(isRecord);
  } catch {
    list = [];
  }
  return [...list, record].slice(-kept);
}

function isRecord(value: unknown): value is WebVitalRecord {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (WEB_VITAL_NAMES as readonly unknown[]).includes(v.name) && typeof v.value === 'number' && typeof v.timestamp === 'number' && typeof v.rating === 'string';
}
