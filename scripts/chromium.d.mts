// The types of chromium.mjs, for playwright.config.ts.
export declare const CHROMIUM_DEFAULT_PATH: string;
export declare const CHROMIUM_FLAGS: string[];
