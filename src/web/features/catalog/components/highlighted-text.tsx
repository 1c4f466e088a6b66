import { Fragment } from 'react';
import { splitMatches } from '../lib/highlight.ts';

interface HighlightedTextProps {
  text: string;
  /** From highlightPattern(q); null shows the text as it is. */
  pattern?: RegExp | null | undefined;
}

/**
 * The text with the words a search matched in <mark>. Assistive technology gets the plain text
 * once (browsers may read a <mark> as a separate chunk, and so break a heading's name), and the
 * marked copy is for the eyes only.
 */
export function HighlightedText({ text, pattern }: HighlightedTextProps) {
  const parts = splitMatches(text, pattern ?? null);
  if (!parts.some((part) => part.match)) return text;
  return (
    <>
      <span className="sr-only">{text}</span>
      <span aria-hidden="true">
        {parts.map((part, index) =>
          part.match ? (
            <mark key={index} className="rounded-sm bg-yellow-200 text-stone-900">
              {part.text}
            </mark>
          ) : (
            <Fragment key={index}>{part.text}</Fragment>
          ),
        )}
      </span>
    </>
  );
}
