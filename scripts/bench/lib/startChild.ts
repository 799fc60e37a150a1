import { type ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from '../../../runtime/server/schemas/readSchemaFiles.ts';

/** Forks a bench server script (under tsx with `execArgv`, logs at error level) and resolves once it sends its first message. */
export function startChild(
  script: string,
  env: Record<string, string>,
  execArgv: string[] = [],
): Promise<ChildProcess> {
  const child = fork(join(REPO_ROOT, script), [], {
    env: { ...process.env, LOG_LEVEL: 'error', ...env },
    execArgv: ['--import', 'tsx', ...execArgv],
    stdio: 'inherit',
  });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}
