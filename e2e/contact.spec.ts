import { expect, test } from '@playwright/test';

test('contact us: inline messages, then the message is sent and confirmed', async ({ page }) => {
  await page.goto('/contact');
  const submit = page.getByRole('button', { name: 'Submit' });
  await submit.click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Message is required')).toBeVisible();
  await expect(page.getByLabel('Name')).toBeFocused();

  await page.getByLabel('Name').fill('Ada Lovelace');
  await expect(page.getByText('Name is required')).toBeHidden();
  await page.getByLabel('Email').fill('ada@example');
  await expect(page.getByText('Provide a valid Email')).toBeVisible();
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('Message').fill('Do you offer volume discounts on impact drivers?');
  await submit.click();
  await expect(page.getByText('Thank you! Your message has been sent.')).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('');
});
