import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BACKUP_INFO_FILE, baseFolder, walFolder } from './backup-folders.ts';
import { listBackups, pruneBackups } from './prune.ts';
import { chooseBackup } from './restore.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function backupDirWith(backups: [string, string, string][], segments: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'toolhouse-prune-'));
  dirs.push(dir);
  for (const [name, finishedAt, startWalFile] of backups) {
    mkdirSync(join(baseFolder(dir), name), { recursive: true });
    const info = { startedAt: finishedAt, finishedAt, startWalFile, bytes: 1 };
    writeFileSync(join(baseFolder(dir), name, BACKUP_INFO_FILE), JSON.stringify(info));
  }
  mkdirSync(join(baseFolder(dir), '.20261126T000000Z.part'));
  mkdirSync(walFolder(dir), { recursive: true });
  for (const segment of segments) writeFileSync(join(walFolder(dir), segment), '');
  return dir;
}

const seg = (timeline: number, n: number) =>
  `${timeline.toString(16).padStart(8, '0')}00000000${n.toString(16).padStart(8, '0')}`.toUpperCase();

describe('pruning BACKUP_DIR', () => {
  it('keeps the newest BACKUP_KEEP base backups and the log from the oldest kept one on', () => {
    const dir = backupDirWith(
      [
        ['20261120T000000Z', '2026-11-20T00:00:00Z', seg(1, 2)],
        ['20261121T000000Z', '2026-11-21T00:00:00Z', seg(1, 5)],
        ['20261122T000000Z', '2026-11-22T00:00:00Z', seg(1, 8)],
      ],
      [
        seg(1, 1),
        seg(1, 2),
        seg(1, 4),
        seg(1, 5),
        `${seg(1, 5)}.00000028.backup`,
        seg(2, 9),
        '00000002.history',
      ],
    );
    expect(pruneBackups(dir, 2, () => undefined)).toEqual({ backups: 1, segments: 3 });
    expect(listBackups(dir).map((b) => b.info.startWalFile)).toEqual([seg(1, 5), seg(1, 8)]);
    expect(readdirSync(walFolder(dir)).sort()).toEqual(
      ['00000002.history', seg(1, 5), `${seg(1, 5)}.00000028.backup`, seg(2, 9)].sort(),
    );
  });

  it('restores from the newest backup finished by the target', () => {
    const dir = backupDirWith(
      [
        ['20261120T000000Z', '2026-11-20T00:00:00Z', seg(1, 2)],
        ['20261121T000000Z', '2026-11-21T00:00:00Z', seg(1, 5)],
      ],
      [],
    );
    const backups = listBackups(dir);
    expect(chooseBackup(backups, new Date('2026-11-20T12:00:00Z')).info.startWalFile).toBe(
      seg(1, 2),
    );
    expect(chooseBackup(backups, 'latest').info.startWalFile).toBe(seg(1, 5));
    expect(() => chooseBackup(backups, new Date('2026-11-19T00:00:00Z'))).toThrow(/No base backup/);
  });
});
