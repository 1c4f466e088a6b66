// Where a page's Lighthouse time goes: `node scripts/bench/page-profile.mjs <url> [runs]` against a
// running shop (e.g. `npm start`, or the built server on a free port). Per run: the scores that
// count for issue 10, the LCP element and its phases, Lighthouse's simulated long tasks, and the
// observed main-thread tasks that the simulation's 4x slowdown makes long (over 12.5 ms), with
// what they did. Lighthouse's simulation multiplies what it observed, so a busy machine inflates
// every task: profile on a quiet one.

import lighthouse from 'lighthouse';
import { launchChrome } from './lighthouse.mjs';

const [url, runsText = '1'] = process.argv.slice(2);
if (!url) {
  console.error('usage: node scripts/bench/page-profile.mjs <url> [runs]');
  process.exit(2);
}

/** Events nested in a task worth naming: script, parsing, style, layout, paint, timers. */
const NAMED = new Set([
  'EvaluateScript',
  'v8.evaluateModule',
  'FunctionCall',
  'ParseHTML',
  'UpdateLayoutTree',
  'Layout',
  'Paint',
  'TimerFire',
  'FireIdleCallback',
  'RunMicrotasks',
  'EventDispatch',
  'MajorGC',
  'MinorGC',
]);
const ms = (micros) => (micros / 1000).toFixed(1);
const file = (address) => String(address ?? '').replace(/^.*\//, '');

function observedLongTasks(events) {
  const document = events.find((e) => e.name === 'ParseHTML' && e.args?.beginData?.url === url);
  if (!document) return [];
  const onMain = events.filter(
    (e) => e.pid === document.pid && e.tid === document.tid && e.ph === 'X',
  );
  const start = document.ts;
  return onMain
    .filter((task) => task.name === 'RunTask' && task.dur > 12_500)
    .map((task) => {
      const inside = onMain.filter(
        (e) =>
          NAMED.has(e.name) &&
          e.dur > 1_000 &&
          e.ts >= task.ts &&
          e.ts + e.dur <= task.ts + task.dur,
      );
      const what = inside.map(
        (e) => `${e.name}${e.args?.data?.url ? ` ${file(e.args.data.url)}` : ''} ${ms(e.dur)}`,
      );
      return `  +${ms(task.ts - start)} ms: ${ms(task.dur)} ms (x4 ${ms(task.dur * 4)})  ${what.join(', ')}`;
    });
}

const chrome = await launchChrome();
try {
  for (let run = 1; run <= Number(runsText); run += 1) {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr, artifacts } = result;
    // Audit details differ per audit; these read the tables of two of them.
    /** @typedef {{ numericValue?: number, details?: { items?: any[] } }} AuditTable */
    const audit = (/** @type {string} */ id) =>
      /** @type {AuditTable | undefined} */ (/** @type {unknown} */ (lhr.audits[id]));
    const value = (id) => Math.round(audit(id)?.numericValue ?? NaN);
    console.log(
      `${url} run ${run}: perf ${Math.round((lhr.categories.performance?.score ?? 0) * 100)}, FCP ${value('first-contentful-paint')} ms, LCP ${value('largest-contentful-paint')} ms, TBT ${value('total-blocking-time')} ms${lhr.runtimeError ? `, error ${lhr.runtimeError.code}` : ''}`,
    );
    for (const table of audit('largest-contentful-paint-element')?.details?.items ?? []) {
      for (const item of table.items ?? []) {
        if (item.node) console.log(`  LCP element: ${item.node.selector}`);
        if (item.phase) console.log(`  LCP ${item.phase}: ${Math.round(item.timing)} ms`);
      }
    }
    console.log('simulated long tasks (start ms, duration ms, attributed to):');
    for (const task of audit('long-tasks')?.details?.items ?? []) {
      console.log(
        `  ${Math.round(task.startTime)}  ${Math.round(task.duration)}  ${file(task.url)}`,
      );
    }
    console.log('observed main-thread tasks over 12.5 ms (x4 is what the simulation counts):');
    for (const line of observedLongTasks(artifacts.Trace?.traceEvents ?? [])) console.log(line);
  }
} finally {
  chrome.kill();
}
