import { HttpError } from '../../../runtime/server/errors.ts';

/** runInWorker fixture: spins the CPU forever, exhausts its heap, throws a coded HttpError, or echoes its input. */
export function run(input: { mode: 'spin' | 'fail' | 'echo' | 'alloc'; value?: unknown }): unknown {
  if (input.mode === 'fail')
    throw new HttpError(409, 'CONFLITO_TESTE', 'Mensagem do trabalho em segundo plano.');
  if (input.mode === 'echo') return input.value;
  if (input.mode === 'alloc') {
    const kept: string[][] = [];
    for (;;) kept.push(Array.from({ length: 100_000 }, (_, i) => `valor ${i} ${kept.length}`));
  }
  for (;;) {
    // Busy: only terminate() ends this.
  }
}
