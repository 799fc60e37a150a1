import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_PKCS12_ITERATIONS,
  pkcs12IterationCounts,
} from '../../runtime/server/services/certificados/pkcs12Iterations.ts';
import { runInWorker } from '../../runtime/server/workers/runInWorker.ts';
import { generateCertificado } from '../support/generateCertificado.ts';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/** Issue 12 finding 5: untrusted heavy work (a hostile PFX) never stalls the API's event loop. */
let server: TestServer;
let token: string;
const SENHA = 'segredo123';

beforeAll(async () => {
  server = await createTestServer();
  token = await login(server.app, 'demo@erp.local');
});
afterAll(async () => server?.close());

const asn1Of = (bytes: Buffer) => forge.asn1.fromDer(forge.util.createBuffer(bytes.toString('binary')));

describe('PKCS#12 iteration counts', () => {
  it('are read from the MAC and from inside the safe contents, without opening the file', () => {
    const counts = pkcs12IterationCounts(asn1Of(generateCertificado({ senha: SENHA })));
    // MAC + the shrouded key bag (+ the encrypted certificate bag): forge packs 2048 rounds each.
    expect(counts.length).toBeGreaterThanOrEqual(2);
    expect(new Set(counts)).toEqual(new Set([2048]));
  });

  it('a hostile MAC count is seen as such', () => {
    const counts = pkcs12IterationCounts(
      asn1Of(generateCertificado({ senha: SENHA, macIterations: 2 ** 31 - 1 })),
    );
    expect(counts[0]).toBe(2 ** 31 - 1);
    expect(counts[0]).toBeGreaterThan(MAX_PKCS12_ITERATIONS);
  });
});

describe('POST /api/CertificadosDigitais with a hostile certificate', () => {
  it('is refused with a pt-BR 400 while the API keeps answering', async () => {
    const hostile = generateCertificado({ senha: SENHA, macIterations: 2 ** 31 - 1 });
    const started = Date.now();
    const upload = server.app.inject({
      method: 'POST',
      url: '/api/CertificadosDigitais',
      headers: { authorization: token },
      payload: { arquivo: hostile.toString('base64'), senha: SENHA, nomeArquivo: 'hostil.pfx' },
    });
    // While the certificate is being looked at, other requests are served.
    const ping = await server.app.inject({ method: 'GET', url: '/ping/json' });
    expect(ping.statusCode).toBe(200);
    const response = await upload;
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('CERTIFICADO_PARAMETROS_INVALIDOS');
    expect(response.json().error.message).toMatch(/iterações acima de 1\.000\.000/);
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 20_000);

  it('a valid certificate still opens (in the worker) and is described', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/CertificadosDigitais',
      headers: { authorization: token },
      payload: { arquivo: generateCertificado({ senha: SENHA }).toString('base64'), senha: SENHA },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().cnpj).toBe('11222333000181');
  });
});

describe('runInWorker', () => {
  it('terminates a task over its time cap with a 422 and leaves the event loop free', async () => {
    let ticks = 0;
    const interval = setInterval(() => ticks++, 20);
    const started = Date.now();
    await expect(
      runInWorker(
        new URL('../support/workers/spinTask.ts', import.meta.url),
        {},
        {
          timeoutMs: 600,
          timeoutMessage: 'Demorou demais.',
        },
      ),
    ).rejects.toMatchObject({ statusCode: 422, message: 'Demorou demais.' });
    clearInterval(interval);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(ticks).toBeGreaterThanOrEqual(10);
  });
});
