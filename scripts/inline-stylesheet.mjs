import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// The app's one stylesheet goes into index.html as a <style> element: the first paint then needs
// the document alone, not a second render-blocking request (about 0.3 s on a slow phone
// connection). The CSP allows exactly this element by its hash (src/server/http/
// security-headers.ts reads it from the built index.html). Lazy chunks' own CSS stays in files.

const LINK = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g;
const ENTRY = /<script type="module"[^>]* src="\/(assets\/[^"]+\.js)"><\/script>/;

/**
 * Vite's loader of lazy chunks also fetches the stylesheets of the chunks they import from, and
 * finds one already there by its <link>. The entry's stylesheet has none now, so every lazy chunk
 * importing from the entry would fetch it and apply all of it a second time. In their lists of
 * files to load, the stylesheet becomes the entry script instead: loaded already (a modulepreload
 * of it is answered from memory). Replaced, not removed, as the lists are indexed.
 */
/**
 * @param {string} webRoot
 * @param {string} cssFile
 * @param {string} entryFile
 */
function forgetInlinedStylesheet(webRoot, cssFile, entryFile) {
  const assets = join(webRoot, 'assets');
  for (const name of readdirSync(assets)) {
    if (!name.endsWith('.js')) continue;
    const file = join(assets, name);
    const code = readFileSync(file, 'utf8');
    const rewritten = code.replaceAll(`"${cssFile}"`, `"${entryFile}"`);
    if (rewritten !== code) writeFileSync(file, rewritten);
  }
}

/**
 * Replaces index.html's stylesheet links with the stylesheets' text; returns the inlined files.
 * @param {string} webRoot
 * @returns {string[]}
 */
export function inlineEntryStylesheet(webRoot) {
  const htmlFile = join(webRoot, 'index.html');
  const html = readFileSync(htmlFile, 'utf8');
  /** @type {string[]} */
  const inlined = [];
  const result = html.replace(LINK, (_, /** @type {string} */ file) => {
    const css = readFileSync(join(webRoot, file), 'utf8').trim();
    if (/<\/style/i.test(css)) throw new Error(`${file} contains </style: cannot inline it`);
    inlined.push(file);
    return `<style>${css}</style>`;
  });
  if (inlined.length === 0) throw new Error('index.html has no stylesheet link to inline');
  const entry = ENTRY.exec(html)?.[1];
  if (!entry) throw new Error('index.html has no module script');
  for (const file of inlined) forgetInlinedStylesheet(webRoot, file, entry);
  writeFileSync(htmlFile, result);
  return inlined;
}
