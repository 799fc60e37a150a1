import { execFileSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { NotAZipError, ZipFileReader } from './ZipFileReader.ts';
import { ZipStreamWriter } from './ZipStreamWriter.ts';

async function writeZip(path: string, fill: (zip: ZipStreamWriter) => Promise<void>) {
  const out = createWriteStream(path);
  const zip = new ZipStreamWriter(out);
  await fill(zip);
  await zip.finish();
  out.end();
  await finished(out);
}

describe('ZipStreamWriter and ZipFileReader', () => {
  it('round-trips streamed and whole entries, ZIP64 past 65,535 entries included', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'zip-test-'));
    const path = join(dir, 'a.zip');
    await writeZip(path, async (zip) => {
      const sink = await zip.entry('dados/grande.json');
      for (let i = 0; i < 200; i++) await sink.write(`linha ${i} ${'x'.repeat(1000)}\n`);
      await sink.end();
      for (let i = 0; i < 66_000; i++) await zip.file(`xml/${i}.xml`, `<n>${i}</n>`);
      await zip.file('ç/manifesto.json', '{"a":1}');
    });
    const reader = await ZipFileReader.open(path);
    expect(reader.entries.size).toBe(66_002);
    expect(await reader.text('xml/65999.xml')).toBe('<n>65999</n>');
    expect(await reader.text('ç/manifesto.json')).toBe('{"a":1}');
    expect((await reader.text('dados/grande.json')).split('\n')).toHaveLength(201);
    // Another implementation agrees (Info-ZIP's unzip, when installed).
    try {
      expect(execFileSync('unzip', ['-p', path, 'xml/12345.xml']).toString()).toBe('<n>12345</n>');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }, 60_000);

  it('detects a changed byte and a file that is not a ZIP', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'zip-test-'));
    const path = join(dir, 'b.zip');
    await writeZip(path, async (zip) => {
      await zip.file('a.txt', 'a'.repeat(5000));
    });
    const bytes = await readFile(path);
    bytes[40] = (bytes[40] as number) ^ 0xff;
    await writeFile(path, bytes);
    const reader = await ZipFileReader.open(path);
    await expect(reader.text('a.txt')).rejects.toThrow();
    await writeFile(join(dir, 'c.zip'), 'não é zip');
    await expect(ZipFileReader.open(join(dir, 'c.zip'))).rejects.toBeInstanceOf(NotAZipError);
  });
});
