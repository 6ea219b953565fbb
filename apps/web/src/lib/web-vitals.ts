import {
  WEB_VITALS_STORAGE_KEY,
  rateWebVital,
  type WebVitalName,
  type WebVitalSample,
} from '@viabiliza/contracts/web-vitals';
import { onCLS, onFCP, onLCP, onTTFB, type Metric } from 'web-vitals';

import { appendWebVital } from '@/lib/web-vitals-history';

/**
 * Measures FCP, LCP, CLS and TTFB of this page load (the `web-vitals` library), keeps the last 10 in
 * localStorage under `webVitals` and sends them to the server in one request when the page is hidden
 * (CLS and LCP are only final then). Failures are silent: measuring must never disturb the visitor.
 */
export function startWebVitals(): void {
  const pending = new Map<WebVitalName, WebVitalSample>();
  const path = window.location.pathname;

  const record = (metric: Metric) => {
    const name = metric.name as WebVitalName;
    const value = Math.round(metric.value * (name === 'CLS' ? 1000 : 1)) / (name === 'CLS' ? 1000 : 1);
    pending.set(name, { name, value, path });
    try {
      const list = appendWebVital(localStorage.getItem(WEB_VITALS_STORAGE_KEY), { name, value, rating: rateWebVital(name, value), timestamp: Date.now() });
      localStorage.setItem(WEB_VITALS_STORAGE_KEY, JSON.stringify(list));
    } catch {
      // Storage full or disabled (private mode): the server copy still goes out.
    }
  };

  const flush = () => {
    if (pending.size === 0) return;
    const body = JSON.stringify({ metrics: [...pending.values()] });
    pending.clear();
    void fetch('/api/metrics/web-vitals', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      keepalive: true,
      credentials: 'same-origin',
    }).catch(() => undefined);
  };

  onFCP(record);
  onLCP(record);
  onCLS(record);
  onTTFB(record);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  window.addEventListener('pagehide', flush);
}
