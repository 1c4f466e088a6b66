/** A busy page still gets the task done within this long after its load event. */
const AT_THE_LATEST_MS = 2000;

/**
 * Runs `task` once the page has loaded and the browser is idle, or at the latest a moment later:
 * work that the first screen does not need (the toast container; the islands below the first
 * screen, so they are live soon even if nobody scrolls). Returns a function that cancels it.
 */
export function afterLoadWhenIdle(task: () => void): () => void {
  let idle: number | undefined;
  const schedule = () => {
    idle =
      typeof requestIdleCallback === 'function'
        ? requestIdleCallback(task, { timeout: AT_THE_LATEST_MS })
        : window.setTimeout(task, 1);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    if (idle === undefined) return;
    if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
    else window.clearTimeout(idle);
  };
}
