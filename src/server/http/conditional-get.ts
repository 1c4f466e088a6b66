/**
 * Whether an If-None-Match header matches the entity tag: the weak comparison GET and HEAD use
 * (RFC 9110 13.1.2), so `W/"x"` matches `"x"`, a list matches if any member does, `*` matches any.
 * Every cached answer of the server (catalogue, pages, static files, images) decides 304 with it.
 */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header === etag) return true;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
