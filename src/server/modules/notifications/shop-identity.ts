/** The shop as its mails and receipts name it (the address as on the Contact page, src/web/content/site.ts). */
export const SHOP = {
  name: 'Toolhouse',
  addressLines: ['400 Foundry Street', 'Pittsburgh, PA 15222', 'United States'],
  /** The theme's primary colour (src/web/styles.css) and its text colour. */
  primary: '#f59e0b',
  primaryContent: '#1c1917',
} as const;
