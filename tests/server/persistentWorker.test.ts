import { afterAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../runtime/server/errors.ts';
import { createPersistentWorker } from '../../runtime/server/workers/createPersistentWorker.ts';

type Input = { kind: 'dobro' | 'erro' | 'laco'; value: number };
const worker = createPersistentWorker<Input, number>(
  new URL('../support/persistentWorkerFixture.ts', import.meta.url),
  {
    timeoutMs: 1_500,
    timeoutMessage: 'demorou demais',
  },
);
afterAll(() => worker.close());

describe('createPersistentWorker', () => {
  it('answers calls in order from one thread', async () => {
    expect(await Promise.all([1, 2, 3].map((value) => worker.call({ kind: 'dobro', value })))).toEqual([
      2, 4, 6,
    ]);
  });

  it('passes a coded HttpError through with its status', async () => {
    const error = await worker.call({ kind: 'erro', value: 0 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ statusCode: 422, code: 'ERRO_TESTE', message: 'mensagem de teste' });
  });

  it('a stuck call times out (422) and the next call gets a fresh thread', async () => {
    const error = await worker.call({ kind: 'laco', value: 0 }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ statusCode: 422, code: 'TEMPO_ESGOTADO', message: 'demorou demais' });
    expect(await worker.call({ kind: 'dobro', value: 21 })).toBe(42);
  });
});
