import { realpath, stat } from 'node:fs/promises';
import { extname, join, sep } from 'node:path';
import { REPO_ROOT } from '../schemas/readSchemaFiles.ts';

const SLUG = /^[a-z0-9][a-z0-9-]*$/;
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_. -]*$/;

const CONTENT_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.pdf': 'application/pdf',
  '.css': 'text/css; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
};

/** Content type of an asset by its extension (octet-stream when unknown). */
export function assetContentType(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Absolute path of a file inside tenants/<slug>/assets/, or null when the slug or path is malformed,
 * tries to leave the folder (.., absolute paths, hidden files, symlinks pointing out) or is not a file.
 * `relative` is relative to the assets folder (e.g. "logo.svg" or "docs/termos.html").
 */
export async function tenantAssetPath(
  slug: string,
  relative: string,
  root = REPO_ROOT,
): Promise<string | null> {
  if (!SLUG.test(slug) || relative.length > 300) return null;
  const segments = relative.split('/');
  if (!segments.every((segment) => SEGMENT.test(segment) && segment !== '..')) return null;
  const folder = join(root, 'tenants', slug, 'assets');
  try {
    const realFolder = await realpath(folder);
    const file = await realpath(join(folder, ...segments));
    if (!file.startsWith(realFolder + sep)) return null;
    return (await stat(file)).isFile() ? file : null;
  } catch {
    return null;
  }
}
