import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/** What the writer recorded of one finished entry (for the central directory and the manifest). */
export interface ZipEntryInfo {
  name: string;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

const MAX32 = 0xffffffff;
const CENTRAL_BLOCK = 1024 * 1024;
const UTF8_AND_DESCRIPTOR = 0x0808;
const DEFLATE = 8;

/** DOS date and time of `date` (local fields, as every unzip tool reads them). */
function dosDateTime(date: Date): { time: number; day: number } {
  const year = Math.max(date.getFullYear(), 1980);
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    day: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

/**
 * A streaming ZIP writer: entries are deflated as they are written and go straight to `out`, sizes and
 * CRC in a data descriptor after each entry, so nothing but the current chunk is held in memory. ZIP64
 * end records are written when there are more than 65,534 entries or the archive passes 4 GB (one entry
 * itself stays under 4 GB). Writes honour the destination's back-pressure.
 */
export class ZipStreamWriter {
  private offset = 0;
  /**
   * Central directory records, copied as each entry ends into 1 MB blocks: compact over 100,000 entries
   * (a small Buffer per record would be a slice of Node's shared 8 KB pool and keep a whole slab alive).
   */
  private readonly central: Buffer[] = [];
  private centralUsed = 0;
  private count = 0;
  private readonly stamp: { time: number; day: number };
  private open = false;

  constructor(
    private readonly out: Writable,
    date = new Date(),
  ) {
    this.stamp = dosDateTime(date);
  }

  private async raw(buffer: Buffer): Promise<void> {
    this.offset += buffer.length;
    if (!this.out.write(buffer)) await once(this.out, 'drain');
  }

  /**
   * Starts an entry and returns its sink: `write` chunks (awaited for back-pressure), then `end()`,
   * which resolves with the entry's sizes, CRC and offset.
   */
  async entry(name: string): Promise<{
    write(chunk: string | Buffer): Promise<void>;
    end(): Promise<ZipEntryInfo>;
  }> {
    if (this.open) throw new Error('a ZIP entry is still open');
    this.open = true;
    const nameBytes = Buffer.from(name, 'utf8');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(UTF8_AND_DESCRIPTOR, 6);
    header.writeUInt16LE(DEFLATE, 8);
    header.writeUInt16LE(this.stamp.time, 10);
    header.writeUInt16LE(this.stamp.day, 12);
    header.writeUInt16LE(nameBytes.length, 26);
    const offset = this.offset;
    await this.raw(Buffer.concat([header, nameBytes]));
    const deflate = createDeflateRaw({ level: 6, memLevel: 8, chunkSize: 64 * 1024 });
    let crc = 0;
    let size = 0;
    let compressedSize = 0;
    let failure: Error | null = null;
    const pump = (async () => {
      for await (const chunk of deflate) {
        compressedSize += (chunk as Buffer).length;
        await this.raw(chunk as Buffer);
      }
    })().catch((error: Error) => {
      failure = error;
    });
    return {
      write: async (chunk) => {
        if (failure) throw failure;
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
        if (bytes.length === 0) return;
        crc = crc32(bytes, crc);
        size += bytes.length;
        if (!deflate.write(bytes)) await once(deflate, 'drain');
      },
      end: async () => {
        deflate.end();
        await pump;
        if (failure) throw failure;
        if (size > MAX32 || compressedSize > MAX32) throw new Error(`ZIP entry ${name} passes 4 GB`);
        const descriptor = Buffer.alloc(16);
        descriptor.writeUInt32LE(0x08074b50, 0);
        descriptor.writeUInt32LE(crc >>> 0, 4);
        descriptor.writeUInt32LE(compressedSize, 8);
        descriptor.writeUInt32LE(size, 12);
        await this.raw(descriptor);
        const info = { name, crc: crc >>> 0, compressedSize, size, offset };
        this.record(info);
        this.open = false;
        return info;
      },
    };
  }

  /**
   * Writes a whole entry at once (small files: the manifest, one XML), deflated in one call: no zlib
   * stream per entry, whose native buffers would pile up until garbage collection over 100,000 XMLs.
   */
  async file(name: string, content: string | Buffer): Promise<ZipEntryInfo> {
    if (this.open) throw new Error('a ZIP entry is still open');
    const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    const deflated = deflateRawSync(bytes, { level: 6 });
    const nameBytes = Buffer.from(name, 'utf8');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(UTF8_AND_DESCRIPTOR, 6);
    header.writeUInt16LE(DEFLATE, 8);
    header.writeUInt16LE(this.stamp.time, 10);
    header.writeUInt16LE(this.stamp.day, 12);
    header.writeUInt16LE(nameBytes.length, 26);
    const info = {
      name,
      crc: crc32(bytes) >>> 0,
      compressedSize: deflated.length,
      size: bytes.length,
      offset: this.offset,
    };
    if (info.size > MAX32 || info.compressedSize > MAX32) throw new Error(`ZIP entry ${name} passes 4 GB`);
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(info.crc, 4);
    descriptor.writeUInt32LE(info.compressedSize, 8);
    descriptor.writeUInt32LE(info.size, 12);
    await this.raw(Buffer.concat([header, nameBytes, deflated, descriptor]));
    this.record(info);
    return info;
  }

  /** The central directory record of a finished entry. */
  private record(entry: ZipEntryInfo): void {
    const nameBytes = Buffer.from(entry.name, 'utf8');
    const zip64 = entry.offset >= MAX32;
    const extra = Buffer.alloc(zip64 ? 12 : 0);
    if (zip64) {
      extra.writeUInt16LE(0x0001, 0);
      extra.writeUInt16LE(8, 2);
      extra.writeBigUInt64LE(BigInt(entry.offset), 4);
    }
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(zip64 ? 45 : 20, 4);
    header.writeUInt16LE(zip64 ? 45 : 20, 6);
    header.writeUInt16LE(UTF8_AND_DESCRIPTOR, 8);
    header.writeUInt16LE(DEFLATE, 10);
    header.writeUInt16LE(this.stamp.time, 12);
    header.writeUInt16LE(this.stamp.day, 14);
    header.writeUInt32LE(entry.crc, 16);
    header.writeUInt32LE(entry.compressedSize, 20);
    header.writeUInt32LE(entry.size, 24);
    header.writeUInt16LE(nameBytes.length, 28);
    header.writeUInt16LE(extra.length, 30);
    header.writeUInt32LE(zip64 ? MAX32 : entry.offset, 42);
    this.count++;
    for (const part of [header, nameBytes, extra]) {
      let block = this.central[this.central.length - 1];
      if (!block || this.centralUsed + part.length > block.length) {
        if (block) this.central[this.central.length - 1] = block.subarray(0, this.centralUsed);
        block = Buffer.allocUnsafeSlow(Math.max(CENTRAL_BLOCK, part.length));
        this.central.push(block);
        this.centralUsed = 0;
      }
      part.copy(block, this.centralUsed);
      this.centralUsed += part.length;
    }
  }

  /** Writes the central directory and end records; `out` is left open for the caller to end. */
  async finish(): Promise<void> {
    if (this.open) throw new Error('a ZIP entry is still open');
    const start = this.offset;
    for (const [i, block] of this.central.entries())
      await this.raw(i === this.central.length - 1 ? block.subarray(0, this.centralUsed) : block);
    this.central.length = 0;
    const size = this.offset - start;
    const count = this.count;
    const needs64 = count >= 0xffff || start >= MAX32 || size >= MAX32;
    if (needs64) {
      const end64At = this.offset;
      const end64 = Buffer.alloc(56);
      end64.writeUInt32LE(0x06064b50, 0);
      end64.writeBigUInt64LE(44n, 4);
      end64.writeUInt16LE(45, 12);
      end64.writeUInt16LE(45, 14);
      end64.writeBigUInt64LE(BigInt(count), 24);
      end64.writeBigUInt64LE(BigInt(count), 32);
      end64.writeBigUInt64LE(BigInt(size), 40);
      end64.writeBigUInt64LE(BigInt(start), 48);
      const locator = Buffer.alloc(20);
      locator.writeUInt32LE(0x07064b50, 0);
      locator.writeBigUInt64LE(BigInt(end64At), 8);
      locator.writeUInt32LE(1, 16);
      await this.raw(Buffer.concat([end64, locator]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(Math.min(count, 0xffff), 8);
    end.writeUInt16LE(Math.min(count, 0xffff), 10);
    end.writeUInt32LE(Math.min(size, MAX32), 12);
    end.writeUInt32LE(Math.min(start, MAX32), 16);
    await this.raw(end);
  }
}
