import { expect, type Page } from '@playwright/test';

/**
 * Resolves once React has hydrated a server-rendered page: the server-rendered menu button
 * (hidden on wide screens, so found with includeHidden) turns live. Before that, a change made to
 * a form control (a select, a click) can be lost to the page's state.
 */
export async function hydrated(page: Page): Promise<void> {
  await expect(
    page.getByRole('button', { name: 'Open menu', includeHidden: true }),
  ).not.toHaveAttribute('aria-disabled', 'true');
}
