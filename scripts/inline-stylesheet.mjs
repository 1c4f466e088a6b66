import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// The app's one stylesheet goes into index.html as a <style> element: the first paint then needs
// the document alone, not a second render-blocking request (about 0.3 s on a slow phone
// connection). The CSP allows exactly this element by its hash (src/server/plugins/
// security-headers.ts reads it from the built index.html). Lazy chunks' own CSS stays in files.

const LINK = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g;

/** Replaces index.html's stylesheet links with the stylesheets' text; returns the inlined files. */
export function inlineEntryStylesheet(webRoot) {
  const htmlFile = join(webRoot, 'index.html');
  const html = readFileSync(htmlFile, 'utf8');
  const inlined = [];
  const result = html.replace(LINK, (_, file) => {
    const css = readFileSync(join(webRoot, file), 'utf8').trim();
    if (/<\/style/i.test(css)) throw new Error(`${file} contains </style: cannot inline it`);
    inlined.push(file);
    return `<style>${css}</style>`;
  });
  if (inlined.length === 0) throw new Error('index.html has no stylesheet link to inline');
  writeFileSync(htmlFile, result);
  return inlined;
}
