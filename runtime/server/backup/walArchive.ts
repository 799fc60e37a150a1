import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** One archived WAL segment: BACKUP_DIR/wal/<name>.gz with <name>.gz.sha256 beside it. */
export interface ArchivedSegment {
  name: string;
  timeline: number;
  /** Position of the segment in the WAL stream (log * segments-per-log + seg), timeline aside. */
  number: number;
  file: string;
  size: number;
  archivedAt: Date;
}

const SEGMENT = /^([0-9A-F]{8})([0-9A-F]{8})([0-9A-F]{8})$/;

/** Segment number of a WAL file name, for a given segment size (bytes). */
export function segmentNumber(name: string, segmentSize: number): number {
  const match = SEGMENT.exec(name);
  if (!match) throw new Error(`nome de segmento WAL inválido: ${name}`);
  const perLog = 0x100000000 / segmentSize;
  return Number.parseInt(match[2] as string, 16) * perLog + Number.parseInt(match[3] as string, 16);
}

/** Name of the WAL segment holding an LSN ("16/B374D848") on a timeline. */
export function segmentOfLsn(lsn: string, timeline: number, segmentSize: number): string {
  const [hi, lo] = lsn.split('/').map((part) => Number.parseInt(part, 16)) as [number, number];
  const perLog = 0x100000000 / segmentSize;
  const seg = Math.floor(lo / segmentSize);
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(8, '0');
  return `${hex(timeline)}${hex(hi)}${hex(seg % perLog)}`;
}

/** Archived segments (not history or .backup files), oldest first. */
export async function listSegments(backupDir: string, segmentSize: number): Promise<ArchivedSegment[]> {
  const dir = join(backupDir, 'wal');
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const segments: ArchivedSegment[] = [];
  for (const file of names) {
    const name = file.replace(/\.gz$/, '');
    if (!file.endsWith('.gz') || !SEGMENT.test(name)) continue;
    const info = await stat(join(dir, file));
    segments.push({
      name,
      timeline: Number.parseInt(name.slice(0, 8), 16),
      number: segmentNumber(name, segmentSize),
      file: join(dir, file),
      size: info.size,
      archivedAt: info.mtime,
    });
  }
  return segments.sort((a, b) => a.number - b.number || a.timeline - b.timeline);
}

/** SHA-256 (hex) of a file, streamed. */
export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Whether an archived file matches the checksum written beside it. */
export async function segmentIntact(file: string): Promise<boolean> {
  let expected: string;
  try {
    expected = (await readFile(`${file}.sha256`, 'utf8')).split(' ')[0] ?? '';
  } catch {
    return false;
  }
  return expected !== '' && expected === (await sha256File(file));
}

/** First segment number missing in [from, to] (any timeline), or undefined when the run is whole. */
export function firstGap(segments: ArchivedSegment[], from: number, to: number): number | undefined {
  const present = new Set(segments.map((s) => s.number));
  for (let n = from; n <= to; n++) if (!present.has(n)) return n;
  return undefined;
}
