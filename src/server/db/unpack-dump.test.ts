import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { unpackDump } from './unpack-dump.ts';

/** A ustar entry as PGlite's dumpDataDir writes them: a 512-byte header, then the data padded to 512. */
function entry(name: string, type: '0' | '5' | '2', data = '', mode = 0o600): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0, 100, 'utf8');
  header.write(`${mode.toString(8).padStart(7, '0')}\0`, 100, 8, 'ascii');
  header.write(`${data.length.toString(8).padStart(11, '0')}\0`, 124, 12, 'ascii');
  header.write(type, 156, 1, 'ascii');
  header.write('ustar\0', 257, 6, 'ascii');
  const body = Buffer.alloc(Math.ceil(data.length / 512) * 512);
  body.write(data, 'utf8');
  return Buffer.concat([header, body]);
}

const archive = (...entries: Buffer[]) => gzipSync(Buffer.concat([...entries, Buffer.alloc(1024)]));

describe('unpackDump', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'prospector-unpack-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('writes the folders and files of the dump, with their modes, in place of what was there', () => {
    const dir = join(root, 'db');
    mkdirSync(dir);
    writeFileSync(join(dir, 'left-over'), 'from a start cut short');
    unpackDump(
      archive(
        entry('/global', '5', '', 0o700),
        entry('/global/1213', '0', 'x'.repeat(700)),
        entry('/PG_VERSION', '0', '17\n', 0o600),
      ),
      dir,
    );
    expect(readFileSync(join(dir, 'PG_VERSION'), 'utf8')).toBe('17\n');
    expect(readFileSync(join(dir, 'global/1213'), 'utf8')).toBe('x'.repeat(700));
    expect(statSync(join(dir, 'PG_VERSION')).mode & 0o777).toBe(0o600);
    expect(existsSync(join(dir, 'left-over'))).toBe(false);
    expect(existsSync(`${dir}.unpacking`)).toBe(false);
  });

  it('refuses a path outside the folder and an entry that is not a file or folder, writing nothing', () => {
    const dir = join(root, 'db');
    expect(() => unpackDump(archive(entry('../escape', '0', 'no')), dir)).toThrow(/outside/);
    expect(() => unpackDump(archive(entry('/link', '2')), dir)).toThrow(/type 2/);
    expect(existsSync(join(root, 'escape'))).toBe(false);
    expect(existsSync(dir)).toBe(false);
    expect(existsSync(`${dir}.unpacking`)).toBe(false);
  });
});
