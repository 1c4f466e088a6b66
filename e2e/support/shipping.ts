import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Ship in Manage All Orders (issue 35): the row's Ship opens the dialog, which asks for the
 * carrier and the tracking number; "Ship parcel" ships and closes it. `whileOpen` runs with the
 * dialog open and filled in, before it ships (an accessibility scan of it).
 */
export async function shipWithTracking(
  page: Page,
  row: Locator,
  {
    carrier = 'UPS',
    trackingNumber = '1Z999AA10123456784',
    whileOpen,
  }: { carrier?: string; trackingNumber?: string; whileOpen?: () => Promise<void> } = {},
): Promise<void> {
  await row.getByRole('button', { name: 'Ship' }).click();
  const dialog = page.getByRole('dialog', { name: /^Ship / });
  await dialog.getByLabel('Carrier').selectOption({ label: carrier });
  await dialog.getByLabel('Tracking number').fill(trackingNumber);
  await whileOpen?.();
  await dialog.getByRole('button', { name: 'Ship parcel' }).click();
  await expect(dialog).toBeHidden();
}
