import type { DehydratedState } from '@tanstack/react-query';

/** The id of the JSON block that carries the data a server-rendered page was rendered from. */
export const EMBEDDED_DATA_ID = 'page-data';

export interface EmbeddedData {
  /** The page's prefetched queries (TanStack Query's dehydrated cache). */
  queries: DehydratedState;
}

/**
 * A non-executable `<script type="application/json">` block: the strict CSP (no inline script)
 * holds, and the browser parses it without running it. `<` is escaped, so no text inside the data
 * can close the element.
 */
export function embeddedDataElement(data: EmbeddedData): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${EMBEDDED_DATA_ID}">${json}</script>`;
}

/** The embedded data of a server-rendered page, or undefined for a page rendered in the browser. */
export function readEmbeddedData(doc: Document): EmbeddedData | undefined {
  const text = doc.getElementById(EMBEDDED_DATA_ID)?.textContent;
  if (!text) return undefined;
  return JSON.parse(text) as EmbeddedData;
}
