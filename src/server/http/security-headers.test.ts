import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, inlineStyleHashes } from './security-headers.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function webRootWith(html: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'toolhouse-csp-'));
  folders.push(folder);
  writeFileSync(join(folder, 'index.html'), html);
  return folder;
}

describe('inline stylesheet in the CSP', () => {
  it("allows exactly the built index.html's <style> element, by its hash", () => {
    const css = '@media (width<=480px){.a{color:red}}';
    const hash = createHash('sha256').update(css).digest('base64');
    const webRoot = webRootWith(`<html><head><style>${css}</style></head><body></body></html>`);

    const hashes = inlineStyleHashes(webRoot);
    expect(hashes).toEqual([`'sha256-${hash}'`]);
    const policy = contentSecurityPolicy({ mapTileUrl: null }, hashes);
    expect(policy).toContain(`style-src 'self' 'sha256-${hash}'`);
    expect(policy).not.toMatch(/unsafe-inline/);
  });

  it('allows no inline style without a build', () => {
    const empty = mkdtempSync(join(tmpdir(), 'toolhouse-csp-'));
    folders.push(empty);
    expect(inlineStyleHashes(empty)).toEqual([]);
    expect(contentSecurityPolicy({ mapTileUrl: null })).toContain("style-src 'self';");
  });
});
