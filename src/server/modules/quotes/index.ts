// The face of modules/quotes: what the rest of the server may use of it (issue 33; ADR 044).
// Other parts import from here, never from a file behind it (eslint.config.js).
export { quoteMailJob } from './quote-mails.ts';
export { quotesRoutes } from './quotes.routes.ts';
export { expireQuotes } from './quotes.service.ts';
