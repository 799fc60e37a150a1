import { HttpError } from '../../runtime/server/errors.ts';

/** run(input) for tests/server/persistentWorker.test.ts: doubles, throws a coded error, or spins forever. */
export function run(input: { kind: 'dobro' | 'erro' | 'laco'; value: number }): number {
  if (input.kind === 'erro') throw new HttpError(422, 'ERRO_TESTE', 'mensagem de teste');
  if (input.kind === 'laco') for (;;);
  return input.value * 2;
}
