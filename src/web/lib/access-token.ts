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

/**
 * Reads and forgets the token in one step: after Sign Out, a reload or a quick click elsewhere
 * must not find it, even while the server is still being told.
 */
export function takeAccessToken(): string | null {
  const token = getAccessToken();
  clearAccessToken();
  return token;
}

export function clearAccessToken(): void {
  try {
    window.localStorage.removeItem(ACCESS_TOKEN_STORAGE_KEY);
  } catch {
    // Storage unavailable: there is no token to clear.
  }
}
