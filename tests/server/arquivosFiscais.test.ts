import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chave, seedArquivosFiscais } from '../support/seedArquivosFiscais.ts';
import { addDemoUserWithProfile, createTestServer, login, type TestServer } from '../support/testServer.ts';

/** Fiscais › Arquivo SPED (EFD ICMS/IPI) and Arquivo Sintegra: exact registers, real PostgreSQL and RLS. */
let server: TestServer;
const tokens: Record<string, string> = {};
let demo: { empresaId: number; filialId: number; cnpj: string };
let trial: { empresaId: number; filialId: number; cnpj: string };
let cliente: string;
let fornecedor: string;

const api = (url: string, token: string | undefined, payload?: unknown) =>
  server.app.inject({
    method: payload === undefined ? 'GET' : 'POST',
    url,
    headers: { host: 'localhost', ...(token ? { authorization: token } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const ok = async (url: string, payload: unknown, token = tokens.demo) => {
  const response = await api(url, token, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
/** The lines of a generated file, checking Latin-1 bytes and CRLF ends. */
const fileLines = (arquivo: { conteudo: string }) => {
  const text = Buffer.from(arquivo.conteudo, 'base64').toString('latin1');
  expect(text.endsWith('\r\n')).toBe(true);
  expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
  return text.slice(0, -2).split('\r\n');
};
const SPED = { periodo: '2024-03', finalidade: 0, perfil: 'A', codigoReceita: '046-2' };
const SINTEGRA = { dataInicial: '2024-03-01', dataFinal: '2024-03-31', finalidade: 1, natureza: 3 };

beforeAll(async () => {
  server = await createTestServer();
  for (const user of ['demo', 'vendedor', 'trial', 'contador'])
    tokens[user] = await login(server.app, `${user}@erp.local`);
  demo = await seedArquivosFiscais(server.db, 'demo@erp.local');
  trial = await seedArquivosFiscais(server.db, 'trial@erp.local', 'Outra ');
  const ids = await server.db.withSystem((tx) =>
    tx.query<{ nome: string; id: string }>(
      `SELECT nome, id::text AS id FROM pessoa WHERE empresa_id = $1 AND tipo_pessoa IN (0, 1)`,
      [demo.empresaId],
    ),
  );
  cliente = ids.find((row) => row.nome.startsWith('Mercado'))?.id ?? '';
  fornecedor = ids.find((row) => row.nome.startsWith('Distribuidora'))?.id ?? '';
});
afterAll(async () => server?.close());

describe('Arquivo SPED (EFD ICMS/IPI)', () => {
  it('writes blocks 0, C, E and 9 with the exact registers of the period', async () => {
    // The fornecedor has no IBGE city: an error of the validator, so the file needs an explicit confirmation.
    const preview = await ok('/api/ArquivosFiscais/sped/preview', SPED);
    expect(preview.erros).toBe(1);
    expect(preview.problemas).toContainEqual(
      expect.objectContaining({ tipo: 'erro', registro: '0150', linha: 6, campo: 'COD_MUN' }),
    );
    const recusado = await api('/api/ArquivosFiscais/sped/arquivo', tokens.demo, SPED);
    expect(recusado.statusCode).toBe(422);
    expect(recusado.json().error.code).toBe('ARQUIVO_COM_ERROS');
    expect(recusado.json().error.message).toMatch(/1 erro\(s\) de validação e será rejeitado pelo PVA/);
    const arquivo = await ok('/api/ArquivosFiscais/sped/arquivo', { ...SPED, confirmarErros: true });
    expect(arquivo.nomeArquivo).toBe(`SPED-EFD-${demo.cnpj}-202403.txt`);
    expect(arquivo.codificacao).toBe('iso-8859-1');
    const linhas = fileLines(arquivo);
    expect(linhas.every((linha) => linha.startsWith('|') && linha.endsWith('|'))).toBe(true);
    expect(linhas[0]).toBe(
      `|0000|018|0|01032024|31032024|Empresa Demonstração Ltda|${demo.cnpj}||SP|110042490114|3550308|||A|1|`,
    );
    // Latin-1: "ç" and "ã" are one byte each.
    expect(Buffer.from(arquivo.conteudo, 'base64').includes(Buffer.from('Demonstração', 'latin1'))).toBe(
      true,
    );
    expect(linhas[1]).toBe('|0001|0|');
    expect(linhas).toContain(
      '|0100|Carla Contadora|52998224725|SP123456O8||01001000|Praça da Sé|10||Sé|||carla@contab.com.br|3550308|',
    );
    expect(linhas).toContain(
      `|0150|${cliente}|Mercado Bom Preço Ltda|01058|04252011000110||81123403|3304557||Rua das Flores|25||Centro|`,
    );
    expect(linhas).toContain('|0200|CAFE500|Café torrado 500g|||UN|00|09012100||09||||');
    expect(linhas).toContain('|0190|UN|Unidade|');
    expect(linhas).toContain(
      `|C100|1|0|${cliente}|55|00|001|101|${chave('55', 101)}|05032024|05032024|200,00|2|0,00|0,00|200,00|9|0,00|0,00|0,00|200,00|36,00|0,00|0,00|0,00|0,00|0,00|0,00|0,00|`,
    );
    expect(linhas).toContain(`|C100|1|0||55|02|001|102|${chave('55', 102)}${'|'.repeat(21)}`);
    expect(linhas).toContain(
      `|C100|0|1|${fornecedor}|55|00|002|555|${chave('55', 555)}|02032024|03032024|120,00|2|0,00|0,00|120,00|9|0,00|0,00|0,00|120,00|14,40|0,00|0,00|0,00|1,98|9,12|0,00|0,00|`,
    );
    expect(linhas).toContain(
      '|C170|1|CAFE500|CAFE TORRADO 500G|10,00000|UN|120,00|0,00|0|000|1102||120,00|12,00|14,40|0,00||0,00|||||||50|120,00|1,6500|||1,98|50|120,00|7,6000|||9,12||0,00|',
    );
    // Own NF-e and NFC-e carry no C170 (exceções 2 and 9 of the Guia Prático).
    expect(linhas.filter((linha) => linha.startsWith('|C170|'))).toHaveLength(1);
    expect(linhas).toContain('|C190|000|5102|18,00|200,00|200,00|36,00|0,00|0,00|0,00|0,00||');
    expect(linhas).toContain(
      `|C100|1|0||65|00|001|9001|${chave('65', 9001)}|06032024|06032024|30,00|0|0,00|0,00|30,00|9|0,00|0,00|0,00|30,00|5,40||||||||`,
    );
    expect(linhas).toContain(
      '|E110|41,40|0,00|0,00|0,00|14,40|0,00|0,00|0,00|0,00|27,00|0,00|27,00|0,00|0,00|',
    );
    expect(linhas).toContain('|E116|000|27,00|10042024|046-2|||||032024|');
    expect(linhas).toContain('|B001|1|');
    expect(linhas).toContain('|H001|1|');
    expect(linhas).toContain('|1010|N|N|N|N|N|N|N|N|N|N|N|N|N|');
    // The other company's documents never reach this file.
    expect(linhas.join('\n')).not.toContain('777');
    expect(linhas.join('\n')).not.toContain('Outra ');
    // Closing registers: block counts, 9900 per register and the total.
    const blocoC = linhas.filter((linha) => linha.startsWith('|C'));
    expect(linhas).toContain(`|C990|${blocoC.length}|`);
    expect(linhas).toContain(`|0990|${linhas.filter((linha) => linha.startsWith('|0')).length}|`);
    expect(linhas).toContain('|9900|C100|4|');
    expect(linhas).toContain('|9900|C190|3|');
    expect(linhas.at(-1)).toBe(`|9999|${linhas.length}|`);
    const registros9900 = linhas.filter((linha) => linha.startsWith('|9900|'));
    expect(linhas).toContain(`|9900|9900|${registros9900.length}|`);
    expect(linhas.at(-2)).toBe(`|9990|${registros9900.length + 3}|`);
  });

  it('previews counts per register, the ICMS assessment and warnings', async () => {
    const preview = await ok('/api/ArquivosFiscais/sped/preview', SPED);
    expect(preview.registros).toContainEqual({ registro: 'C100', quantidade: 4 });
    expect(preview.totais).toMatchObject({ debitos: 41.4, creditos: 14.4, icmsRecolher: 27, cancelados: 1 });
    const mensagens = preview.avisos.map(
      (aviso: { referencia: string; mensagem: string }) => `${aviso.referencia}: ${aviso.mensagem}`,
    );
    expect(mensagens).toContain(
      'NF-e de entrada 556 série 2: Documento sem itens: não foi incluído no arquivo.',
    );
    expect(mensagens).toContain('CANECA — Caneca de porcelana: Produto sem NCM.');
    expect(mensagens).toContain('Distribuidora Sul Ltda: Participante sem município (código IBGE).');
    expect(preview.amostra[0]).toMatch(/^\|0000\|018\|0\|/);
  });

  it('answers pt-BR 4xx: invalid period, no accountant, branch without IE, other company, no permission', async () => {
    const periodo = await api('/api/ArquivosFiscais/sped/preview', tokens.demo, {
      ...SPED,
      periodo: '2024-13',
    });
    expect(periodo.statusCode).toBe(400);
    expect(periodo.json().error.message).toMatch(/^Período inválido/);
    const outra = await api('/api/ArquivosFiscais/sped/preview', tokens.demo, {
      ...SPED,
      filialId: trial.filialId,
    });
    expect(outra.statusCode).toBe(404);
    const vendedor = await api('/api/ArquivosFiscais/sped/preview', tokens.vendedor, SPED);
    expect(vendedor.statusCode).toBe(403);
    const semChave = await addDemoUserWithProfile(server, {
      email: 'sintegra@erp.local',
      nome: 'Só Sintegra',
      perfil: 'Só Sintegra',
      permissoes: { NFE_ARQUIVO_SINTEGRA: 1 },
    });
    expect((await api('/api/ArquivosFiscais/sped/preview', semChave.token, SPED)).statusCode).toBe(403);
    expect((await api('/api/ArquivosFiscais/sintegra/preview', semChave.token, SINTEGRA)).statusCode).toBe(
      200,
    );
    // The accountant user reaches the SPED of the company.
    expect((await api('/api/ArquivosFiscais/sped/preview', tokens.contador, SPED)).statusCode).toBe(200);

    await server.db.withSystem((tx) =>
      tx.query('UPDATE contador SET ativo = false WHERE empresa_id = $1', [trial.empresaId]),
    );
    const semContador = await api('/api/ArquivosFiscais/sped/preview', tokens.trial, SPED);
    expect(semContador.statusCode).toBe(400);
    expect(semContador.json().error.code).toBe('CONTADOR_AUSENTE');
    await server.db.withSystem((tx) =>
      tx.query('UPDATE pessoa SET inscricao_estadual = NULL WHERE empresa_id = $1 AND tipo_pessoa = 2', [
        trial.empresaId,
      ]),
    );
    const semIe = await api('/api/ArquivosFiscais/sintegra/preview', tokens.trial, SINTEGRA);
    expect(semIe.statusCode).toBe(400);
    expect(semIe.json().error.code).toBe('FILIAL_SEM_IE');
    expect(semIe.json().error.message).toMatch(/não tem inscrição estadual/);
  });
});

describe('Arquivo Sintegra', () => {
  it('writes registros 10, 11, 50, 54, 61, 75 and 90, each of 126 characters', async () => {
    const arquivo = await ok('/api/ArquivosFiscais/sintegra/arquivo', SINTEGRA);
    expect(arquivo.nomeArquivo).toBe(`SINTEGRA-${demo.cnpj}-202403.txt`);
    const linhas = fileLines(arquivo);
    for (const linha of linhas) expect(linha).toHaveLength(126);
    const ie = '110042490114  ';
    expect(linhas[0]).toBe(
      `10${demo.cnpj}${ie}${'EMPRESA DEMONSTRACAO LTDA'.padEnd(35)}${'SAO PAULO'.padEnd(30)}SP00000000002024030120240331331`,
    );
    expect(linhas[1]?.startsWith(`11${'AVENIDA PAULISTA'.padEnd(34)}01000`)).toBe(true);
    expect(linhas).toContain(
      `5004252011000110${'81123403'.padEnd(14)}20240305RJ551  0001015102P${'0000000020000'}${'0000000020000'}${'0000000003600'}${'0'.repeat(26)}1800N`,
    );
    expect(linhas).toContain(
      `5060746948000112${'0123456742'.padEnd(14)}20240303PR552  0005551102T${'0000000012000'}${'0000000012000'}${'0000000001440'}${'0'.repeat(26)}1200N`,
    );
    expect(linhas.filter((linha) => linha.startsWith('50') && linha.endsWith('S'))).toHaveLength(1);
    expect(linhas).toContain(
      [
        '5404252011000110551  0001015102000001',
        'CAFE500'.padEnd(14),
        '00000002000',
        '000000010000',
        '000000000000',
        '000000010000',
        '0'.repeat(24),
        '1800',
      ].join(''),
    );
    // The NFC-e of the day (61) and the month's summary of its items (61R, counted as 61 in the 90).
    expect(linhas.filter((linha) => linha.startsWith('61'))).toEqual([
      `61${' '.repeat(28)}20240306651    009001009001${'0000000003000'}${'0000000003000'}${'000000000540'}${'0'.repeat(26)}1800 `,
      `61R032024${'CAFE500'.padEnd(14)}${'0000000001000'}${'0000000000003000'}${'0000000000003000'}1800${' '.repeat(54)}`,
    ]);
    expect(linhas.filter((linha) => linha.startsWith('75'))).toHaveLength(2);
    const contagens = ['5000000003', '5400000003', '6100000002', '7500000002', '9900000013'].join('');
    expect(linhas.at(-1)).toBe(`${`90${demo.cnpj}${ie}${contagens}`.padEnd(125)}1`);
    expect(linhas.join('\n')).not.toContain('OUTRA');
  });

  it('previews totals and rejects an invalid period', async () => {
    const preview = await ok('/api/ArquivosFiscais/sintegra/preview', SINTEGRA);
    expect(preview.registros).toContainEqual({ registro: '54', quantidade: 3 });
    expect(preview.totais).toMatchObject({ documentos: 3, cupons: 1, icmsSaidas: 36, icmsEntradas: 14.4 });
    const invertido = await api('/api/ArquivosFiscais/sintegra/preview', tokens.demo, {
      ...SINTEGRA,
      dataInicial: '2024-03-31',
      dataFinal: '2024-03-01',
    });
    expect(invertido.statusCode).toBe(400);
    expect(invertido.json().error.message).toMatch(/^Período inválido/);
    const doisMeses = await api('/api/ArquivosFiscais/sintegra/preview', tokens.demo, {
      ...SINTEGRA,
      dataFinal: '2024-04-30',
    });
    expect(doisMeses.statusCode).toBe(400);
  });
});
