import { TEST_MODE_NOTICE } from '../../shared/payment.ts';

/**
 * The banner every page shows while the test processor takes the payments of a shop where
 * production defaults apply (config.testModeNotice): in the page template, ahead of the app's
 * root, so it is in the first paint of every page (server-rendered or not) and stays while the
 * browser moves between pages. A status region: assistive technology finds it, axe counts it.
 */
export const TEST_MODE_BANNER = `<div role="status" class="test-mode-banner">${TEST_MODE_NOTICE}</div>`;

/** The page template (the built index.html) with the banner first in its body. */
export function withTestModeBanner(template: string): string {
  const body = /<body\b[^>]*>/i.exec(template);
  if (!body) throw new Error('index.html must contain a <body> tag');
  const at = body.index + body[0].length;
  return template.slice(0, at) + TEST_MODE_BANNER + template.slice(at);
}
