import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { apiPaths } from '../../shared/api-paths.ts';
import { routePatternOf, type DeviceClass, type VitalMetric } from '../../shared/vital-metrics.ts';
import type { VitalsBeacon } from '../../shared/vitals.ts';

/** Below this width the visit counts as a phone, as Google's reports split them. */
const MOBILE_MAX_WIDTH = 768;

function deviceClass(): DeviceClass {
  return window.matchMedia(`(max-width: ${MOBILE_MAX_WIDTH - 1}px)`).matches ? 'mobile' : 'desktop';
}

/**
 * Reports this page view's Core Web Vitals once, when the page is hidden or left (when INP and
 * CLS are final), with navigator.sendBeacon so the report survives the page closing. Only the
 * route pattern of the page first opened and the device class leave the browser.
 */
export function reportWebVitals(): void {
  if (typeof navigator.sendBeacon !== 'function') return;
  const route = routePatternOf(window.location.pathname);
  const latest = new Map<VitalMetric, number>();
  let sent = false;

  const record = (metric: Metric) => latest.set(metric.name as VitalMetric, metric.value);
  onLCP(record);
  onINP(record);
  onCLS(record);
  onFCP(record);
  onTTFB(record);

  const flush = () => {
    if (sent || latest.size === 0) return;
    sent = true;
    const beacon: VitalsBeacon = {
      route,
      device: deviceClass(),
      metrics: [...latest].map(([name, value]) => ({ name, value })),
    };
    navigator.sendBeacon(
      apiPaths.vitals,
      new Blob([JSON.stringify(beacon)], { type: 'application/json' }),
    );
  };
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  window.addEventListener('pagehide', flush);
}
