import { readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

const LINK_USED =
  'Atenção! Não foi possível recuperar a sua senha pois o link de recuperação já foi utilizado. Solicite novamente a recuperação de sua senha.';
const TOO_MANY = 'Muitas solicitações de recuperação de senha. Aguarde alguns minutos e tente novamente.';

interface Received {
  to: string[];
  text: string;
}
const inbox: Received[] = [];
let smtp: SMTPServer;
let server: TestServer;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        inbox.push({ to, text: mimeText(Buffer.concat(chunks).toString('utf8')) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  server = await createTestServer({ config: { smtpUrl: `smtp://127.0.0.1:${port}` } });
});
afterAll(async () => {
  await server?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** Decodes a MIME message (multipart, quoted-printable, base64, encoded-word headers) to plain text. */
function mimeText(entity: string): string {
  const split = entity.search(/\r?\n\r?\n/);
  const head = entity.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = entity.slice(split).replace(/^\r?\n\r?\n/, '');
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(head)?.[1];
  const headers = head
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_match, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replaceAll('_', ' ')),
    );
  if (boundary && /content-type:\s*multipart\//i.test(head)) {
    const parts = body.split(`--${boundary}`).slice(1);
    return [
      headers,
      ...parts.filter((part) => !part.startsWith('--')).map((part) => mimeText(part.trim())),
    ].join('\n');
  }
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
  if (encoding === 'base64')
    return `${headers}\n${Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')}`;
  if (encoding === 'quoted-printable') return `${headers}\n${decodeQuotedPrintable(body)}`;
  return `${headers}\n${body}`;
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

const LINK = /(\S*)\/#\/auth\/resetar-senha\/([A-Za-z0-9_-]{43})/;
function linkIn(text: string): { origin: string; token: string } {
  const match = LINK.exec(text);
  if (!match) throw new Error(`no reset link in:\n${text}`);
  return { origin: match[1] as string, token: match[2] as string };
}

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  server.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { host: 'localhost', ...headers },
  });
const askReset = (email: string, headers: Record<string, string> = {}) =>
  post('/api/Usuarios/reset', { sistema: 'novoerp', email }, headers);
const resetPassword = (token: string, password: string, confirmar = password) =>
  post(`/reset-password?access_token=${token}`, { password, confirmar });

/** Requests a reset for `email`, checks the 204 and returns the link received by SMTP. */
async function resetLinkFor(email: string, headers: Record<string, string> = {}) {
  const before = inbox.length;
  const response = await askReset(email, headers);
  expect(response.statusCode, response.body).toBe(204);
  expect(inbox).toHaveLength(before + 1);
  const mail = inbox.at(-1) as Received;
  expect(mail.to).toEqual([email.trim().toLowerCase()]);
  return { ...linkIn(mail.text), text: mail.text };
}

describe('password recovery through a real SMTP server', () => {
  it('e-mails a link that resets the password once, ending every session', async () => {
    const session = await login(server.app, 'vendedor@erp.local');
    const { origin, token, text } = await resetLinkFor('Vendedor@ERP.local', {
      origin: 'http://localhost:5173',
    });
    expect(origin).toBe('http://localhost:5173');
    expect(text).toContain('Recuperação de senha — ERP Demonstração');
    expect(text).toContain('15 minutos');

    const stored = await server.db.withSystem((tx) =>
      tx.query<{ token_hash: Buffer; minutos: number }>(
        `SELECT t.token_hash, extract(epoch FROM t.expira_em - t.criado_em)::int / 60 AS minutos
           FROM reset_token t JOIN usuario u ON u.id = t.usuario_id WHERE u.email = 'vendedor@erp.local'`,
      ),
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash.toString('utf8')).not.toContain(token);
    expect(stored[0]?.minutos).toBe(15);

    const short = await resetPassword(token, '12345');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.details.fields).toEqual([
      { campo: 'password', mensagem: 'Mínimo 6 caracteres!' },
    ]);
    const mismatch = await resetPassword(token, 'novaSenha1', 'outraSenha');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.details.fields).toEqual([
      { campo: 'confirmar', mensagem: 'Os valores não conferem!' },
    ]);

    expect((await resetPassword(token, 'novaSenha1')).statusCode).toBe(204);
    const info = await server.app.inject({
      method: 'GET',
      url: '/api/Usuarios/getUserInfo',
      headers: { host: 'localhost', authorization: session },
    });
    expect(info.statusCode).toBe(401);
    await expect(login(server.app, 'vendedor@erp.local')).rejects.toThrow(/401/);
    expect(await login(server.app, 'vendedor@erp.local', 'novaSenha1')).toMatch(/^[\w-]{43}$/);

    const reused = await resetPassword(token, 'outraSenha2');
    expect(reused.statusCode).toBe(410);
    expect(reused.json().error).toMatchObject({ message: LINK_USED, code: 'LINK_RECUPERACAO_UTILIZADO' });
    expect(await login(server.app, 'vendedor@erp.local', 'novaSenha1')).toBeTruthy();
  });

  it('answers 410 with the same message for an expired link and keeps the password', async () => {
    const { token } = await resetLinkFor('contador@erp.local');
    await server.db.withSystem((tx) =>
      tx.query(
        `UPDATE reset_token SET expira_em = now() - interval '1 minute'
          WHERE usuario_id = (SELECT id FROM usuario WHERE email = 'contador@erp.local')`,
      ),
    );
    const expired = await resetPassword(token, 'novaSenha1');
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error).toMatchObject({
      message: LINK_USED,
      code: 'LINK_RECUPERACAO_EXPIRADO',
      details: { motivo: 'expirou' },
    });
    expect(await login(server.app, 'contador@erp.local')).toBeTruthy();
  });

  it('lets only the newest link work and only one of two concurrent uses succeed', async () => {
    const first = await resetLinkFor('trial@erp.local');
    const second = await resetLinkFor('trial@erp.local');
    expect((await resetPassword(first.token, 'novaSenha1')).statusCode).toBe(410);
    const statuses = (
      await Promise.all([resetPassword(second.token, 'senhaA123'), resetPassword(second.token, 'senhaB123')])
    ).map((response) => response.statusCode);
    expect(statuses.sort()).toEqual([204, 410]);
  });

  it('answers 404 for a link that never existed', async () => {
    const response = await resetPassword('x'.repeat(43), 'novaSenha1');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('LINK_RECUPERACAO_INVALIDO');
    expect((await post('/reset-password', { password: 'abcdef', confirmar: 'abcdef' })).statusCode).toBe(400);
  });

  it('answers an unknown e-mail with 404 and the spec message, sending nothing', async () => {
    const before = inbox.length;
    const response = await askReset('ninguem@erp.local');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('E-mail não encontrado para recuperação de senha!');
    expect(inbox).toHaveLength(before);
  });

  it('rejects a malformed, long or non-string e-mail with 400 in pt-BR', async () => {
    const invalid = await askReset('sem-arroba');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.details.fields).toEqual([{ campo: 'email', mensagem: 'E-mail inválido' }]);
    const long = await askReset(`${'a'.repeat(45)}@erp.local`);
    expect(long.json().error.message).toBe('Máximo 50 caracteres!');
    expect((await askReset('')).json().error.message).toBe('Campo obrigatório!');
    expect((await post('/api/Usuarios/reset', { email: { $ne: '' } })).statusCode).toBe(400);
  });

  it('rate-limits requests per e-mail and per IP with 429 in pt-BR', async () => {
    const from = (ip: string, email: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/Usuarios/reset',
        remoteAddress: ip,
        headers: { host: 'localhost' },
        payload: { sistema: 'novoerp', email },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await from(`10.1.0.${i}`, 'alvo@erp.local')).statusCode);
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429]);
    const blocked = await from('10.1.1.1', 'alvo@erp.local');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toBe(TOO_MANY);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    for (let i = 0; i < 20; i++)
      expect((await from('10.2.0.1', `pessoa${i}@erp.local`)).statusCode).toBe(404);
    const byIp = await from('10.2.0.1', 'outra@erp.local');
    expect(byIp.statusCode).toBe(429);
    expect(byIp.json().error.message).toBe(TOO_MANY);
  });

  it('builds the link from the white-label address, never from an unclaimed origin', async () => {
    const verde = await resetLinkFor('verde@erp.local', { host: 'verde.localhost:3000' });
    expect(verde.origin).toBe('http://verde.localhost:3000');
    expect(verde.text).toContain('Verde Gestão');
    const spoofed = await resetLinkFor('demo@erp.local', { origin: 'https://evil.example' });
    expect(spoofed.origin).toBe('https://localhost');
    server.config.publicUrl = 'https://erp.example.com.br/';
    try {
      expect((await resetLinkFor('demo@erp.local')).origin).toBe('https://erp.example.com.br');
    } finally {
      server.config.publicUrl = undefined;
    }
  });
});

describe('POST /api/Usuarios/primeiroAcesso', () => {
  it('sets the password once, clears the flag and then answers 409', async () => {
    expect((await post('/api/Usuarios/primeiroAcesso', { senha: 'x', confirmaSenha: 'x' })).statusCode).toBe(
      401,
    );
    // Users who signed up chose their password; one created by an administrator still has the first access pending.
    await server.db.withSystem((tx) =>
      tx.query(`UPDATE usuario SET primeiro_acesso = true WHERE email = 'painel@erp.local'`),
    );
    const other = await login(server.app, 'painel@erp.local');
    const token = await login(server.app, 'painel@erp.local');
    const auth = { authorization: token };
    const mismatch = await post('/api/Usuarios/primeiroAcesso', { senha: 'abc', confirmaSenha: 'abd' }, auth);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.details.fields).toEqual([
      { campo: 'senha', mensagem: 'Mínimo 6 caracteres!' },
      { campo: 'confirmaSenha', mensagem: 'Os valores não conferem!' },
    ]);
    const done = await post(
      '/api/Usuarios/primeiroAcesso',
      { senha: 'minhaSenha', confirmaSenha: 'minhaSenha' },
      auth,
    );
    expect(done.statusCode).toBe(204);
    const flag = await server.db.withSystem((tx) =>
      tx.one<{ primeiro_acesso: boolean }>(
        `SELECT primeiro_acesso FROM usuario WHERE email = 'painel@erp.local'`,
      ),
    );
    expect(flag.primeiro_acesso).toBe(false);
    expect(await login(server.app, 'painel@erp.local', 'minhaSenha')).toBeTruthy();
    const info = (authorization: string) =>
      server.app.inject({
        method: 'GET',
        url: '/api/Usuarios/getUserInfo',
        headers: { host: 'localhost', authorization },
      });
    expect((await info(token)).statusCode).toBe(200);
    expect((await info(other)).statusCode).toBe(401);
    const again = await post(
      '/api/Usuarios/primeiroAcesso',
      { senha: 'outraSenha', confirmaSenha: 'outraSenha' },
      auth,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toContain('primeiro acesso já foi concluído');
  });
});

describe('without SMTP_URL', () => {
  it('writes the message as an .eml under the mail folder with a working link', async () => {
    const local = await createTestServer();
    try {
      const response = await local.app.inject({
        method: 'POST',
        url: '/api/Usuarios/reset',
        headers: { host: 'localhost:3000' },
        payload: { sistema: 'novoerp', email: 'demo@erp.local' },
      });
      expect(response.statusCode).toBe(204);
      const files = (await readdir(local.config.mailDir)).filter((file) => file.endsWith('.eml'));
      expect(files).toHaveLength(1);
      const eml = mimeText(await readFile(join(local.config.mailDir, files[0] as string), 'utf8'));
      expect(eml).toContain('demo@erp.local');
      const { origin, token } = linkIn(eml);
      expect(origin).toBe('http://localhost:3000');
      const reset = await local.app.inject({
        method: 'POST',
        url: `/reset-password?access_token=${token}`,
        headers: { host: 'localhost:3000' },
        payload: { password: 'trocada1', confirmar: 'trocada1' },
      });
      expect(reset.statusCode).toBe(204);
      expect(await login(local.app, 'demo@erp.local', 'trocada1')).toBeTruthy();
    } finally {
      await local.close();
    }
  });
});
