import { Fragment } from 'react';
import { splitMatches } from '../lib/highlight.ts';

interface HighlightedTextProps {
  text: string;
  /** From highlightPattern(q); null shows the text as it is. */
  pattern?: RegExp | null | undefined;
}

/** The text with the words a search matched in <mark> (read as plain text by screen readers). */
export function HighlightedText({ text, pattern }: HighlightedTextProps) {
  if (!pattern) return text;
  return splitMatches(text, pattern).map((part, index) =>
    part.match ? (
      <mark key={index} className="rounded-sm bg-yellow-200 text-stone-900">
        {part.text}
      </mark>
    ) : (
      <Fragment key={index}>{part.text}</Fragment>
    ),
  );
}
