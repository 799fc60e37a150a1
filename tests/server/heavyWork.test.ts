import { monitorEventLoopDelay } from 'node:perf_hooks';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../runtime/server/errors.ts';
import { buildZipInWorker } from '../../runtime/server/services/zip/buildZipInWorker.ts';
import { runInWorker } from '../../runtime/server/workers/runInWorker.ts';
import { generateCertificado, withPkcs12Iterations } from '../support/generateCertificado.ts';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/** Untrusted heavy work runs in worker threads with caps: a hostile certificate never stalls the API. */
let server: TestServer;
let token: string;
const SENHA = 'segredo123';
const valid = generateCertificado({ senha: SENHA, days: 200 });
const SPIN = new URL('../support/workers/spin.ts', import.meta.url);

const upload = (arquivo: Buffer) =>
  server.app.inject({
    method: 'POST',
    url: '/api/CertificadosDigitais',
    headers: { host: 'localhost', authorization: token },
    payload: { arquivo: arquivo.toString('base64'), senha: SENHA, nomeArquivo: 'hostil.pfx' },
  });

beforeAll(async () => {
  server = await createTestServer();
  token = await login(server.app, 'demo@erp.local');
});
afterAll(async () => server?.close());

describe('hostile PKCS#12 iteration counts', () => {
  it('refuses a MAC count of 50 million fast, while the API keeps answering', {
    timeout: 10_000,
  }, async () => {
    // ~50 s of node-forge on the event loop before the fix.
    const hostile = withPkcs12Iterations(valid, { mac: 50_000_000 });
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = Date.now();
    const pending = upload(hostile);
    const pings: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = Date.now();
      const ping = await server.app.inject({ method: 'GET', url: '/ping/json' });
      expect(ping.statusCode).toBe(200);
      pings.push(Date.now() - t);
    }
    const response = await pending;
    delay.disable();
    expect(Date.now() - started).toBeLessThan(3000);
    expect(Math.max(...pings)).toBeLessThan(500);
    expect(delay.max / 1e6).toBeLessThan(1000);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'CERTIFICADO_ITERACOES_EXCESSIVAS',
      message: expect.stringMatching(/contagem de iterações acima de 1\.000\.000/),
    });
  });

  it('refuses 2^31 and 2^63 MAC counts and a 2^31 PBE count', { timeout: 10_000 }, async () => {
    for (const counts of [
      { mac: 2 ** 31 },
      { mac: 2n ** 63n },
      { pbe: 2 ** 31 },
      { mac: 2048, pbe: 5_000_000 },
    ]) {
      const started = Date.now();
      const response = await upload(withPkcs12Iterations(valid, counts));
      expect(Date.now() - started).toBeLessThan(3000);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('CERTIFICADO_ITERACOES_EXCESSIVAS');
    }
  });

  it('still opens counts within the cap (the MAC then no longer matches: wrong password)', async () => {
    const response = await upload(withPkcs12Iterations(valid, { mac: 200_000 }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('SENHA_CERTIFICADO_INCORRETA');
    const rewrittenPbe = await upload(withPkcs12Iterations(valid, { pbe: 2048 }));
    expect(rewrittenPbe.statusCode).toBe(200);
    expect(rewrittenPbe.json().titular).toBe('EMPRESA DEMONSTRACAO LTDA');
  });
});

describe('runInWorker', () => {
  it('terminates a worker that runs past its time, without blocking the event loop', async () => {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = Date.now();
    const error = await runInWorker(SPIN, { mode: 'spin' }, { timeoutMs: 1500 }).catch((e: unknown) => e);
    delay.disable();
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ statusCode: 422, code: 'TEMPO_ESGOTADO' });
    expect((error as Error).message).toMatch(/demorou demais/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(delay.max / 1e6).toBeLessThan(500);
  });

  it("passes the worker's HttpError through, returns values, and refuses oversized input with 413", async () => {
    await expect(runInWorker(SPIN, { mode: 'fail' }, { timeoutMs: 10_000 })).rejects.toMatchObject({
      statusCode: 409,
      code: 'CONFLITO_TESTE',
      message: 'Mensagem do trabalho em segundo plano.',
    });
    const value = { a: [1, 2, 3], b: new Date(0) };
    expect(await runInWorker(SPIN, { mode: 'echo', value }, { timeoutMs: 10_000 })).toEqual(value);
    await expect(
      runInWorker(
        SPIN,
        { mode: 'echo', value: Buffer.alloc(2048) },
        { timeoutMs: 10_000, maxInputBytes: 1024 },
      ),
    ).rejects.toMatchObject({ statusCode: 413, code: 'ARQUIVO_GRANDE_DEMAIS' });
  });

  it('answers 422 when the worker runs out of its heap cap', { timeout: 20_000 }, async () => {
    await expect(
      runInWorker(SPIN, { mode: 'alloc' }, { timeoutMs: 15_000, maxHeapMb: 32 }),
    ).rejects.toMatchObject({ statusCode: 422, code: 'RECURSOS_EXCEDIDOS' });
  });
});

describe('buildZipInWorker', () => {
  it('deflates several MB in a worker while the event loop stays free, and refuses input over its cap', async () => {
    const xml = `<nfeProc>${'<det><prod>Café com açúcar</prod></det>'.repeat(40_000)}</nfeProc>`;
    const entries = Array.from({ length: 8 }, (_, i) => ({
      nome: `3525-${i}-nfe.xml`,
      conteudo: xml,
      data: new Date('2025-01-15T12:00:00Z'),
    }));
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const bytes = await buildZipInWorker(entries, 50 * 1024 * 1024);
    delay.disable();
    expect(delay.max / 1e6).toBeLessThan(200);
    const zip = await JSZip.loadAsync(bytes);
    expect(Object.keys(zip.files).sort()).toEqual(entries.map((entry) => entry.nome).sort());
    expect(await zip.file('3525-3-nfe.xml')?.async('string')).toBe(xml);
    expect(zip.file('3525-3-nfe.xml')?.date.toISOString().slice(0, 10)).toBe('2025-01-15');
    await expect(buildZipInWorker(entries, 1024 * 1024)).rejects.toMatchObject({ statusCode: 413 });
  });
});
