import { useEffect, useEffectEvent, useState } from 'react';

/** How long typing must pause before the URL (and so the results) follow. */
export const TYPING_DEBOUNCE_MS = 300;

/**
 * Form text whose committed value lives in the URL: typing updates the field at once and
 * commits after a pause; a URL change from elsewhere (back/forward, "Clear filters") replaces
 * the text, unless the text already means that value (so a trailing space survives a commit).
 *
 * @param urlValue the URL's value, as the field would show it
 * @param means whether a text stands for a URL value (then there is nothing to commit); stable
 */
export function useUrlBackedText<T>(
  urlValue: T,
  commit: (text: T) => void,
  means: (text: T, urlValue: T) => boolean,
  sameUrlValue: (a: T, b: T) => boolean = Object.is,
) {
  const [text, setText] = useState(urlValue);
  const [seen, setSeen] = useState(urlValue);
  if (!sameUrlValue(urlValue, seen)) {
    setSeen(urlValue);
    if (!means(text, urlValue)) setText(urlValue);
  }

  const onPause = useEffectEvent(() => commit(text));
  const pending = !means(text, urlValue);
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(onPause, TYPING_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, pending]);

  return { text, setText };
}

/**
 * A control's value that follows the URL, but shows the user's choice at once: the URL changes a
 * moment later (a router navigation), and a controlled checkbox must not flick back meanwhile.
 */
export function useUrlBackedChoice<T>(urlValue: T) {
  const [value, setValue] = useState(urlValue);
  const [seen, setSeen] = useState(urlValue);
  if (!Object.is(urlValue, seen)) {
    setSeen(urlValue);
    setValue(urlValue);
  }
  return [value, setValue] as const;
}
