import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Only the outbox module writes outbox rows (ADR 042): every other module queues its jobs with
// enqueue / enqueueSql / enqueueText (enqueue.ts), typed by the job's definition. Tests may seed
// rows of their own.

const SRC = join(import.meta.dirname, '../../..');
const OUTBOX_MODULE = 'server/modules/outbox/';

/** An INSERT, UPDATE or DELETE of the outbox table, in SQL text or through drizzle. */
const WRITES = [
  /\b(?:insert\s+into|update|delete\s+from)\s+(?:\$\{\s*)?(?:outbox|OUTBOX)\b/i,
  /\.(?:insert|update|delete)\(\s*outbox\s*\)/,
  /getTableName\(\s*outbox\s*\)/,
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** `file:line` of every outbox write outside the outbox module. */
function outboxWritersOutside(files: readonly string[], root: string): string[] {
  return files.flatMap((file) => {
    const name = relative(root, file);
    if (name.startsWith(OUTBOX_MODULE)) return [];
    return readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) =>
        WRITES.some((pattern) => pattern.test(line)) ? [`${name}:${index + 1}`] : [],
      );
  });
}

describe('outbox writers', () => {
  it('finds none outside the outbox module', () => {
    expect(outboxWritersOutside(sources(SRC), SRC)).toEqual([]);
  });

  it('would find each way of writing it', () => {
    const lines = [
      'INSERT INTO outbox (kind, dedupe_key, payload)',
      '      insert into ${outbox} (kind)',
      'INSERT INTO ${OUTBOX} (kind, dedupe_key, payload)',
      'await tx.insert(outbox).values({})',
      'UPDATE outbox SET status = 1',
      'const OUTBOX = getTableName(outbox);',
    ];
    expect(lines.filter((line) => WRITES.some((pattern) => pattern.test(line)))).toEqual(lines);
    expect(WRITES.some((pattern) => pattern.test('SELECT count(*) FROM outbox'))).toBe(false);
  });
});
