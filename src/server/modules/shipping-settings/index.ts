// The face of modules/shipping-settings: what the rest of the server may use of it (issue 35; ADR
// 044). Staff configure shipping zones and methods, the built-in tax table and the pricing
// settings; the pricing step (modules/pricing) reads the same tables.
export { shippingSettingsRoutes } from './shipping-settings.routes.ts';
