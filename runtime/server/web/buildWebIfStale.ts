import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { REPO_ROOT } from '../schemas/readSchemaFiles.ts';
import { WEB_DIST } from './serveWebApp.ts';

async function newestMtime(dir: string): Promise<number> {
  let newest = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name.endsWith('.test.ts')) continue;
    newest = Math.max(newest, (await stat(join(entry.parentPath, entry.name))).mtimeMs);
  }
  return newest;
}

/**
 * Builds the SPA with Vite when dist/web is missing or older than its sources (runtime/web,
 * runtime/core, generated/). Skipped when Vite is not installed (a production install without
 * dev dependencies serves whatever dist/web holds).
 */
export async function buildWebIfStale(log: (message: string) => void): Promise<void> {
  const index = join(WEB_DIST, 'index.html');
  const sources = ['runtime/web', 'runtime/core', 'generated'].map((dir) => join(REPO_ROOT, dir));
  const newest = Math.max(
    ...(await Promise.all(sources.map(newestMtime))),
    (await stat(join(REPO_ROOT, 'vite.config.ts'))).mtimeMs,
  );
  if (existsSync(index) && (await stat(index)).mtimeMs >= newest) return;
  const viteBin = join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  if (!existsSync(viteBin)) {
    log('Vite não instalado: servindo dist/web como está');
    return;
  }
  log('compilando o aplicativo web (dist/web)…');
  const started = Date.now();
  // In a child process: an in-process build left the server's RSS at ~770 MB instead of ~250 MB for its
  // whole life (Rollup's module graph and V8's grown heap are not given back). NODE_ENV=production because
  // test runners set NODE_ENV=test, which would make Vite emit React's development bundle.
  const child = spawn(
    process.execPath,
    [
      viteBin,
      'build',
      '--config',
      join(REPO_ROOT, 'vite.config.ts'),
      '--logLevel',
      'warn',
      '--mode',
      'production',
    ],
    { cwd: REPO_ROOT, env: { ...process.env, NODE_ENV: 'production' }, stdio: ['ignore', 'inherit', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`a compilação do aplicativo web falhou (código ${code}):\n${stderr}`);
  log(`aplicativo web compilado em ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
