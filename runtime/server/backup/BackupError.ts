import { EXTERNAL_DATABASE_MESSAGE } from './backupConfig.ts';

/** A refusal of a backup command, with the pt-BR message the operator reads. */
export class BackupError extends Error {
  constructor(message: string | 'externo') {
    super(message === 'externo' ? EXTERNAL_DATABASE_MESSAGE : message);
    this.name = 'BackupError';
  }
}
