import { createReadStream } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { crc32, createInflateRaw, inflateRawSync } from 'node:zlib';

/** One entry of the central directory. */
export interface ZipFileEntry {
  name: string;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

/** A file that is not a ZIP this reader understands (truncated, another format, encrypted). */
export class NotAZipError extends Error {}

const MAX32 = 0xffffffff;
/** Entries up to this compressed size are read and inflated in one call. */
const SMALL_ENTRY = 256 * 1024;

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/**
 * Reads a ZIP file by random access: the central directory (ZIP64 too) up front, then each entry as a
 * stream of inflated chunks whose CRC and size are checked at the end. Only stored and deflated entries.
 */
export class ZipFileReader {
  private constructor(
    private readonly path: string,
    readonly entries: Map<string, ZipFileEntry>,
  ) {}

  static async open(path: string): Promise<ZipFileReader> {
    const handle = await open(path, 'r');
    try {
      const { size } = await handle.stat();
      const tailLength = Math.min(size, 22 + 0xffff);
      const tail = await readAt(handle, size - tailLength, tailLength);
      let at = -1;
      for (let i = tail.length - 22; i >= 0; i--) {
        if (tail.readUInt32LE(i) === 0x06054b50) {
          at = i;
          break;
        }
      }
      if (at < 0) throw new NotAZipError('end of central directory not found');
      let count = tail.readUInt16LE(at + 10);
      let cdSize = tail.readUInt32LE(at + 12);
      let cdStart = tail.readUInt32LE(at + 16);
      const locatorAt = at - 20;
      if (locatorAt >= 0 && tail.readUInt32LE(locatorAt) === 0x07064b50) {
        const end64 = await readAt(handle, Number(tail.readBigUInt64LE(locatorAt + 8)), 56);
        if (end64.length < 56 || end64.readUInt32LE(0) !== 0x06064b50)
          throw new NotAZipError('bad ZIP64 end');
        count = Number(end64.readBigUInt64LE(32));
        cdSize = Number(end64.readBigUInt64LE(40));
        cdStart = Number(end64.readBigUInt64LE(48));
      }
      if (cdStart + cdSize > size) throw new NotAZipError('central directory outside the file');
      const cd = await readAt(handle, cdStart, cdSize);
      const entries = new Map<string, ZipFileEntry>();
      let p = 0;
      for (let i = 0; i < count; i++) {
        if (p + 46 > cd.length || cd.readUInt32LE(p) !== 0x02014b50)
          throw new NotAZipError('bad central directory');
        const flags = cd.readUInt16LE(p + 8);
        const nameLength = cd.readUInt16LE(p + 28);
        const extraLength = cd.readUInt16LE(p + 30);
        const commentLength = cd.readUInt16LE(p + 32);
        const entry: ZipFileEntry = {
          name: cd.toString('utf8', p + 46, p + 46 + nameLength),
          method: cd.readUInt16LE(p + 10),
          crc: cd.readUInt32LE(p + 16),
          compressedSize: cd.readUInt32LE(p + 20),
          size: cd.readUInt32LE(p + 24),
          offset: cd.readUInt32LE(p + 42),
        };
        if (flags & 1) throw new NotAZipError('encrypted entry');
        // ZIP64 extra field: the 64-bit values of the fields set to 0xFFFFFFFF, in this order.
        let e = p + 46 + nameLength;
        const extraEnd = e + extraLength;
        while (e + 4 <= extraEnd) {
          const id = cd.readUInt16LE(e);
          const length = cd.readUInt16LE(e + 2);
          if (id === 0x0001) {
            let q = e + 4;
            if (entry.size === MAX32) {
              entry.size = Number(cd.readBigUInt64LE(q));
              q += 8;
            }
            if (entry.compressedSize === MAX32) {
              entry.compressedSize = Number(cd.readBigUInt64LE(q));
              q += 8;
            }
            if (entry.offset === MAX32) entry.offset = Number(cd.readBigUInt64LE(q));
          }
          e += 4 + length;
        }
        entries.set(entry.name, entry);
        p = extraEnd + commentLength;
      }
      return new ZipFileReader(path, entries);
    } finally {
      await handle.close();
    }
  }

  /** The inflated chunks of `name`; throws when the entry's CRC or size does not match its header. */
  async *read(name: string): AsyncGenerator<Buffer> {
    const entry = this.entries.get(name);
    if (!entry) throw new NotAZipError(`entry ${name} not found`);
    const handle = await open(this.path, 'r');
    let dataStart: number;
    try {
      const local = await readAt(handle, entry.offset, 30);
      if (local.length < 30 || local.readUInt32LE(0) !== 0x04034b50)
        throw new NotAZipError('bad local header');
      dataStart = entry.offset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
    } finally {
      await handle.close();
    }
    if (entry.method !== 0 && entry.method !== 8)
      throw new NotAZipError(`unsupported method ${entry.method}`);
    if (entry.compressedSize <= SMALL_ENTRY && entry.size <= SMALL_ENTRY * 64) {
      // Small entries (one XML) in one call: no zlib stream each, whose native buffers pile up until GC.
      const handle = await open(this.path, 'r');
      let packed: Buffer;
      try {
        packed = await readAt(handle, dataStart, entry.compressedSize);
      } finally {
        await handle.close();
      }
      let data: Buffer;
      try {
        data =
          entry.method === 8 ? inflateRawSync(packed, { maxOutputLength: Math.max(entry.size, 1) }) : packed;
      } catch {
        throw new NotAZipError(`entry ${name} is corrupt`);
      }
      if (data.length !== entry.size || crc32(data) >>> 0 !== entry.crc)
        throw new NotAZipError(`entry ${name} is corrupt`);
      if (data.length > 0) yield data;
      return;
    }
    const source =
      entry.compressedSize === 0
        ? null
        : createReadStream(this.path, { start: dataStart, end: dataStart + entry.compressedSize - 1 });
    let crc = 0;
    let size = 0;
    if (source) {
      const chunks = entry.method === 8 ? source.pipe(createInflateRaw()) : source;
      source.on('error', (error) => chunks.destroy(error));
      for await (const chunk of chunks) {
        crc = crc32(chunk as Buffer, crc);
        size += (chunk as Buffer).length;
        if (size > entry.size) throw new NotAZipError(`entry ${name} larger than declared`);
        yield chunk as Buffer;
      }
    }
    if (size !== entry.size || crc >>> 0 !== entry.crc) throw new NotAZipError(`entry ${name} is corrupt`);
  }

  /** The whole entry as text (small entries only: the manifest). */
  async text(name: string): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of this.read(name)) chunks.push(chunk);
    return Buffer.concat(chunks).toString('utf8');
  }
}
