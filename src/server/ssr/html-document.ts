import type { RenderedPage } from '../../shared/page-rendering.ts';

const ROOT = '<div id="root"></div>';

/**
 * The built index.html (its hashed script and stylesheet tags) with a page poured in: the page's
 * head tags, its HTML in the root element, and its data block at the end of the body.
 */
export function createHtmlDocument(template: string) {
  const headEnd = template.indexOf('</head>');
  const root = template.indexOf(ROOT);
  const bodyEnd = template.lastIndexOf('</body>');
  if (headEnd < 0 || root < headEnd || bodyEnd < root)
    throw new Error(`index.html must contain </head>, ${ROOT} and </body> in that order`);
  const parts = [
    template.slice(0, headEnd),
    template.slice(headEnd, root) + '<div id="root">',
    '</div>' + template.slice(root + ROOT.length, bodyEnd),
    template.slice(bodyEnd),
  ] as const;

  return {
    page(page: Pick<RenderedPage, 'head' | 'body' | 'data'>): string {
      return parts[0] + page.head + parts[1] + page.body + parts[2] + page.data + parts[3];
    },
    /** The empty shell of a page rendered in the browser only. */
    shell(title: string): string {
      return this.page({ head: `<title>${title}</title>`, body: '', data: '' });
    },
  };
}
