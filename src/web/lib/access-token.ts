import { ACCESS_TOKEN_STORAGE_KEY } from '../../shared/constants.ts';

/** The API token lives in localStorage under the spec's key; storage may be unavailable (privacy modes). */
export function getAccessToken(): string | null {
  try {
    return window.localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}
