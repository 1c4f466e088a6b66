/** Business constants from the spec (section 9). */
export const HOME_PRODUCT_COUNT = 6;
export const TOAST_AUTO_CLOSE_MS = 5000;
export const ACCESS_TOKEN_STORAGE_KEY = 'accessToken';
export const COMPANY_FOUNDED_YEAR = 1992;

export const MAP_DEFAULT_ZOOM = 11;
export const MAP_MIN_ZOOM = 1;
export const MAP_MAX_ZOOM = 18;
export const MAP_TILE_SIZE = 256;
export const MAP_HEIGHT_PX = 300;
