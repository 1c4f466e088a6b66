import { CHROMIUM_DEFAULT_PATH, CHROMIUM_FLAGS } from '../chromium.mjs';

// Lighthouse, mobile preset (simulated slow 4G, 4x CPU slowdown), the median of several runs per
// page, against the targets of issue 10.

export const LIGHTHOUSE_TARGETS = { perf: 98, a11y: 100, seo: 95, lcpMs: 1800, tbtMs: 100, cls: 0 };

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Starts Chromium (as the e2e tests run it) for Lighthouse; the caller kills it. */
export async function launchChrome() {
  const chromeLauncher = await import('chrome-launcher');
  return chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? CHROMIUM_DEFAULT_PATH,
    chromeFlags: CHROMIUM_FLAGS,
  });
}

/** Failed runs (Lighthouse's trace sometimes misses the navigation) retried before one counts. */
const ATTEMPTS_PER_RUN = 3;

/**
 * One Lighthouse run of `url`. A run that failed to record the page (a `runtimeError` such as
 * NO_NAVSTART: Lighthouse's own trouble, not the page's) measures nothing, so it is run again;
 * after the last attempt its error is kept and reported.
 */
export async function auditPage(port, url, categories = ['performance', 'accessibility', 'seo']) {
  const { default: lighthouse } = await import('lighthouse');
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: categories,
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (!lhr.runtimeError || attempt === ATTEMPTS_PER_RUN) return lhr;
    console.log(`  Lighthouse error ${lhr.runtimeError.code}: running it again`);
  }
}

/** Runs Lighthouse `runs` times per path and adds one row per path (the median run's figures). */
export async function lighthouseRows(base, paths, { row, runs = 3 }) {
  const chrome = await launchChrome();
  const t = LIGHTHOUSE_TARGETS;
  try {
    for (const path of paths) {
      const results = [];
      for (let i = 0; i < runs; i += 1) {
        console.log(`Lighthouse (mobile) ${path}, run ${i + 1} of ${runs}…`);
        const lhr = await auditPage(chrome.port, `${base}${path}`);
        const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        results.push({
          perf: score('performance'),
          a11y: score('accessibility'),
          seo: score('seo'),
          lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
          tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
          cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
          fcp: lhr.audits['first-contentful-paint']?.numericValue ?? NaN,
          error: lhr.runtimeError?.code,
        });
      }
      const perfMedian = median(results.map((r) => r.perf));
      const run = results.find((r) => r.perf === perfMedian) ?? results[0];
      if (!run) throw new Error(`no Lighthouse run of ${path}`);
      const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
      const checks = [
        `perf >= ${t.perf}: ${run.perf >= t.perf ? 'met' : 'MISSED'}`,
        `a11y ${t.a11y}: ${run.a11y >= t.a11y ? 'met' : 'MISSED'}`,
        `SEO >= ${t.seo}: ${run.seo >= t.seo ? 'met' : 'MISSED'}`,
        `LCP <= ${s(t.lcpMs)}: ${run.lcp <= t.lcpMs ? 'met' : 'MISSED'}`,
        `TBT <= ${t.tbtMs} ms: ${run.tbt <= t.tbtMs ? 'met' : 'MISSED'}`,
        `CLS 0: ${run.cls <= t.cls ? 'met' : 'MISSED'}`,
      ];
      row(
        `Lighthouse mobile ${path} (median of ${runs}: perf ${results.map((r) => r.perf).join('/')})`,
        `perf ${run.perf}, a11y ${run.a11y}, SEO ${run.seo} (FCP ${s(run.fcp)}, LCP ${s(run.lcp)}, TBT ${Math.round(run.tbt)} ms, CLS ${run.cls.toFixed(3)})${run.error ? `; Lighthouse error ${run.error}` : ''}`,
        '',
        checks.join('; '),
      );
    }
  } finally {
    chrome.kill();
  }
}
