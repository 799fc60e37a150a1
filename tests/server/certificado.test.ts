import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificadoContext } from '../../runtime/server/routes/CertificadosDigitais/index.ts';
import { certificateKey } from '../../runtime/server/services/certificados/certificateKey.ts';
import { openSecret, sealSecret } from '../../runtime/server/services/certificados/sealSecret.ts';
import { generateCertificado } from '../support/generateCertificado.ts';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/** /api/CertificadosDigitais: the branch's A1 certificate, opened with its password and stored encrypted. */
let server: TestServer;
const tokens: Record<string, string> = {};
const SENHA = 'segredo123';
const valid = generateCertificado({ senha: SENHA, days: 200 });

const api = (method: string, url: string, token: string | undefined, payload?: unknown) =>
  server.app.inject({
    method: method as 'GET',
    url,
    headers: {
      host: token !== undefined && token === tokens.verde ? 'verde.localhost' : 'localhost',
      ...(token ? { authorization: token } : {}),
    },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const upload = (arquivo: Buffer | string, senha: string, token = tokens.demo) =>
  api('POST', '/api/CertificadosDigitais', token, {
    arquivo: typeof arquivo === 'string' ? arquivo : arquivo.toString('base64'),
    senha,
    nomeArquivo: 'empresa.pfx',
  });

beforeAll(async () => {
  server = await createTestServer();
  tokens.demo = await login(server.app, 'demo@erp.local');
  tokens.vendedor = await login(server.app, 'vendedor@erp.local');
  tokens.verde = await login(server.app, 'verde@erp.local', 'demo1234', 'verde.localhost');
});
afterAll(async () => server?.close());

describe('sealSecret', () => {
  it('round-trips, and refuses another context or key', () => {
    const key = Buffer.alloc(32, 7);
    const sealed = sealSecret(Buffer.from('abc'), key, 'a');
    expect(sealed).toMatch(/^v1:/);
    expect(openSecret(sealed, key, 'a').toString()).toBe('abc');
    expect(() => openSecret(sealed, key, 'b')).toThrow();
    expect(() => openSecret(sealed, Buffer.alloc(32, 8), 'a')).toThrow();
  });
});

describe('upload errors: 400 with a message a person can act on', () => {
  it('wrong password', async () => {
    const response = await upload(valid, 'errada');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'SENHA_CERTIFICADO_INCORRETA',
      message: 'A senha não confere com o certificado. Verifique a senha e envie novamente.',
    });
  });

  it('a file that is not a certificate', async () => {
    for (const bytes of [
      Buffer.from('isto não é um certificado'),
      Buffer.from([0x30, 0x03, 0x02, 0x01, 0x01]),
    ]) {
      const response = await upload(bytes, SENHA);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('CERTIFICADO_INVALIDO');
      expect(response.json().error.message).toMatch(/não é um certificado digital A1 válido/);
    }
  });

  it('not base64, no password, or an expired certificate', async () => {
    const notBase64 = await upload('@@@', SENHA);
    expect(notBase64.statusCode).toBe(400);
    expect(notBase64.json().error.statusCode).toBe(400);
    const noPassword = await upload(valid, '');
    expect(noPassword.statusCode).toBe(400);
    const expired = await upload(generateCertificado({ senha: SENHA, days: -3 }), SENHA);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe('CERTIFICADO_VENCIDO');
    expect(expired.json().error.message).toMatch(/^O certificado enviado venceu em \d{2}\/\d{2}\/\d{4}\./);
  });

  it('nothing was stored by the failed uploads', async () => {
    const response = await api('GET', '/api/CertificadosDigitais', tokens.demo);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });
});

describe('a valid certificate', () => {
  let id: number;

  it('is described from the certificate itself; file and password never come back', async () => {
    const response = await upload(valid, SENHA);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      titular: 'EMPRESA DEMONSTRACAO LTDA',
      cnpj: '11222333000181',
      emissor: 'AC TESTE ERP v5',
      nomeArquivo: 'empresa.pfx',
      versao: 1,
    });
    const daysLeft = (Date.parse(body.validoAte) - Date.now()) / 86_400_000;
    expect(daysLeft).toBeGreaterThan(199);
    expect(daysLeft).toBeLessThan(201);
    expect(Object.keys(body)).not.toContain('arquivoCifrado');
    expect(response.body).not.toContain(SENHA);
    id = body.id;
    const list = await api('GET', '/api/CertificadosDigitais', tokens.demo);
    expect(list.json()).toEqual([body]);
    expect(list.body).not.toMatch(/cifrad|senha/i);
  });

  it('is stored encrypted, bound to its branch, and opens back with the key', async () => {
    const row = await server.db.withSystem((tx) =>
      tx.one<{ empresa_id: number; filial_id: number; arquivo_cifrado: string; senha_cifrada: string }>(
        'SELECT empresa_id, filial_id, arquivo_cifrado, senha_cifrada FROM certificado_digital WHERE id = $1',
        [id],
      ),
    );
    expect(row.arquivo_cifrado).toMatch(/^v1:/);
    expect(row.arquivo_cifrado).not.toContain(valid.toString('base64').slice(0, 40));
    expect(row.senha_cifrada).not.toContain(SENHA);
    const key = await certificateKey(server.config.dataDir);
    const context = (part: 'arquivo' | 'senha') => certificadoContext(row.empresa_id, row.filial_id, part);
    expect(openSecret(row.arquivo_cifrado, key, context('arquivo')).equals(valid)).toBe(true);
    expect(openSecret(row.senha_cifrada, key, context('senha')).toString()).toBe(SENHA);
    expect(() =>
      openSecret(row.arquivo_cifrado, key, certificadoContext(row.empresa_id + 1, row.filial_id, 'arquivo')),
    ).toThrow();
  });

  it('a new upload replaces it (one per branch)', async () => {
    const renewed = generateCertificado({ senha: 'outra', days: 20, emissor: 'AC RENOVACAO' });
    const response = await upload(renewed, 'outra');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id, versao: 2, emissor: 'AC RENOVACAO' });
    expect((await api('GET', '/api/CertificadosDigitais', tokens.demo)).json()).toHaveLength(1);
  });

  it('stays within its company and needs the permission key', async () => {
    const verde = await api('GET', '/api/CertificadosDigitais', tokens.verde);
    expect(verde.statusCode).toBe(200);
    expect(verde.json()).toEqual([]);
    const verdeDelete = await api('DELETE', `/api/CertificadosDigitais/${id}`, tokens.verde);
    expect(verdeDelete.statusCode).toBe(404);
    expect(verdeDelete.json().error.message).toBe('Certificado digital não encontrado.');
    const vendedor = await api('GET', '/api/CertificadosDigitais', tokens.vendedor);
    expect(vendedor.statusCode).toBe(403);
    expect((await upload(valid, SENHA, tokens.vendedor)).statusCode).toBe(403);
    expect((await api('GET', '/api/CertificadosDigitais', undefined)).statusCode).toBe(401);
  });

  it('can be removed', async () => {
    const response = await api('DELETE', `/api/CertificadosDigitais/${id}`, tokens.demo);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ count: 1 });
    expect((await api('GET', '/api/CertificadosDigitais', tokens.demo)).json()).toEqual([]);
  });
});
