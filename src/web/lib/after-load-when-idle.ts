/**
 * Runs `task` once the page has loaded and the browser is idle (so the rest of a page is live
 * soon even if nobody scrolls: a keyboard or automation user, or a control found by its role).
 */
export function afterLoadWhenIdle(task: () => void): () => void {
  let idle: number | undefined;
  const schedule = () => {
    idle =
      typeof requestIdleCallback === 'function'
        ? requestIdleCallback(task)
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
