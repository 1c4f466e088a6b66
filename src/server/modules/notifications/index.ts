// The face of modules/notifications: what the rest of the server may use of it (issue 33; ADR 044).
// Other parts import from here, never from a file behind it (eslint.config.js).
export { notificationsRoutes } from './notifications.routes.ts';
export { SHOP } from './shop-identity.ts';
export { renderShopMail } from './shop-mail.ts';
export { startShopPdf, writeLabelled } from './shop-pdf.ts';
