import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** No serious or critical axe violation on the page as it is now (its data loaded). */
export async function expectAccessible(page: Page): Promise<void> {
  await expect(page.locator('.loading, [aria-busy="true"]')).toHaveCount(0);
  await page.evaluate(() => {
    for (const animation of document.getAnimations())
      if (animation instanceof CSSTransition) animation.finish();
  });
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => n.target) }));
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
}
