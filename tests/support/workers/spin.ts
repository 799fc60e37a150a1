import { HttpError } from '../../../runtime/server/errors.ts';

/** runInWorker fixture: spins the CPU forever, throws a coded HttpError, or echoes its input. */
export function run(input: { mode: 'spin' | 'fail' | 'echo'; value?: unknown }): unknown {
  if (input.mode === 'fail')
    throw new HttpError(409, 'CONFLITO_TESTE', 'Mensagem do trabalho em segundo plano.');
  if (input.mode === 'echo') return input.value;
  for (;;) {
    // Busy: only terminate() ends this.
  }
}
