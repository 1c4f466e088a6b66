import { COMPANY_FOUNDED_YEAR } from '../../shared/constants.ts';

const SITE_NAME = 'Toolhouse';

/**
 * React 19 hoists <title> and <meta> into <head>: each page names itself in the tab and for screen
 * readers, and public pages describe themselves to search engines (the server renders both).
 */
export function DocumentTitle({ title, description }: { title?: string; description?: string }) {
  const text = title
    ? `${title} — ${SITE_NAME}`
    : `${SITE_NAME} — power tools since ${COMPANY_FOUNDED_YEAR}`;
  return (
    <>
      <title>{text}</title>
      {description && <meta name="description" content={description} />}
    </>
  );
}
