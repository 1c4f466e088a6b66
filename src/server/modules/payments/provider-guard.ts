import { AppError } from '../../errors.ts';
import { PaymentProviderUnavailable } from './provider-errors.ts';

/** How one provider's calls are bounded and how its failures are told to the customer. */
export interface ProviderGuard {
  /**
   * The longest one call may take in all, the adapter's own timeout and retries included: a
   * backstop, so no request ever waits on the provider without bound.
   */
  deadlineMs: number;
  /** The customer-facing error for a failure of this provider; undefined: not the provider's. */
  classify(error: unknown): AppError | undefined;
  /** Told about every provider failure (with its original error), e.g. to log it. */
  onFailure?(failure: { method: string; error: unknown; mapped: AppError }): void;
}

/**
 * Wraps EVERY method of a provider adapter (create, retrieve, cancel, refund, and whatever is added
 * later) in the same deadline and error mapping, so no call can hang a request or surface as a 500.
 * Errors that are already ours (AppError) and errors the guard does not recognise pass unchanged.
 * A call abandoned at the deadline may still complete at the provider: its writes carry idempotency
 * keys, so the retry the customer makes finds the same intent or refund again.
 */
export function guardProvider<P extends object>(provider: P, guard: ProviderGuard): P {
  const guarded: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(provider)) {
    guarded[key] =
      typeof value === 'function'
        ? (...args: unknown[]) =>
            guardedCall(key, guard, () =>
              (value as (...a: unknown[]) => unknown).apply(provider, args),
            )
        : value;
  }
  return guarded as P;
}

async function guardedCall(
  method: string,
  guard: ProviderGuard,
  call: () => unknown,
): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Error(`payment provider call ${method} passed ${guard.deadlineMs} ms`);
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timedOut), guard.deadlineMs);
  });
  try {
    return await Promise.race([Promise.resolve().then(call), deadline]);
  } catch (error) {
    if (error instanceof AppError) throw error;
    const mapped =
      error === timedOut
        ? new PaymentProviderUnavailable('timeout', { cause: error })
        : guard.classify(error);
    if (!mapped) throw error;
    guard.onFailure?.({ method, error, mapped });
    throw mapped;
  } finally {
    clearTimeout(timer);
  }
}
