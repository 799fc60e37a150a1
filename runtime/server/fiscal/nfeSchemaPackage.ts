import { readFile } from 'node:fs/promises';

/** The pinned official schema package (see xsd/README.md). */
export const PACOTE_SCHEMAS_NFE = 'PL_010c_V1.30_cnpjAlfa';

const DIR = new URL(`./xsd/${PACOTE_SCHEMAS_NFE}/`, import.meta.url);

export interface ArquivoSchema {
  fileName: string;
  contents: string;
}

const cache = new Map<string, Promise<ArquivoSchema[]>>();

async function comIncludes(principal: string): Promise<ArquivoSchema[]> {
  const found = new Map<string, string>();
  const pending = [principal];
  while (pending.length > 0) {
    const fileName = pending.pop()!;
    if (found.has(fileName)) continue;
    const contents = await readFile(new URL(fileName, DIR), 'utf8');
    found.set(fileName, contents);
    for (const match of contents.matchAll(/schemaLocation="([^"]+)"/g)) pending.push(match[1]!);
  }
  return [...found].map(([fileName, contents]) => ({ fileName, contents }));
}

/**
 * The schema `principal` of the pinned package and every file it includes or imports, transitively (the
 * main one first), read once per process.
 */
export function arquivosSchemaNfe(principal = 'nfe_v4.00.xsd'): Promise<ArquivoSchema[]> {
  let files = cache.get(principal);
  if (!files) {
    files = comIncludes(principal);
    files.catch(() => cache.delete(principal));
    cache.set(principal, files);
  }
  return files;
}
