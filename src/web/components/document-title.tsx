import { COMPANY_FOUNDED_YEAR } from '../../shared/constants.ts';

const SITE_NAME = 'Toolhouse';

/** React 19 hoists <title> into <head>: each page names itself in the tab and for screen readers. */
export function DocumentTitle({ title }: { title?: string }) {
  const text = title
    ? `${title} — ${SITE_NAME}`
    : `${SITE_NAME} — power tools since ${COMPANY_FOUNDED_YEAR}`;
  return <title>{text}</title>;
}
