import { ACCESS_TOKEN_STORAGE_KEY } from '../../shared/constants.ts';

// The API token lives in localStorage under the spec's key. Storage may be unavailable (privacy
// modes): reads then find no token and writes are dropped, so the visitor stays signed out.

export function getAccessToken(): string | null {
  try {
    return window.localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function setAccessToken(token: string): void {
  try {
    window.localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, token);
  } catch {
    // Nothing to fall back to: the next page load starts signed out.
  }
}

export function clearAccessToken(): void {
  try {
    window.localStorage.removeItem(ACCESS_TOKEN_STORAGE_KEY);
  } catch {
    // Storage unavailable: there is no token to clear.
  }
}
