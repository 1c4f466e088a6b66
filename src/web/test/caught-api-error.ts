import { ApiError } from '../lib/api-client.ts';

/** The ApiError a call fails with; any other outcome fails the test. */
export async function caughtApiError(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail with an ApiError');
}
