import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chave, seedArquivosFiscais } from '../support/seedArquivosFiscais.ts';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/**
 * NFC-e in the fiscal files, both ways one can exist: a cupom of the POS program and a nota emitted with
 * modelo 65 (the PDV's sale). Cancelled ones follow exceção 1 of the Guia Prático; neither names a participant.
 */
let server: TestServer;
let token: string;
let demo: { empresaId: number; filialId: number; cnpj: string };

const SPED = { periodo: '2024-03', finalidade: 0, perfil: 'A', codigoReceita: '046-2', confirmarErros: true };
const SINTEGRA = { dataInicial: '2024-03-01', dataFinal: '2024-03-31', finalidade: 1, natureza: 3 };
const linhasDe = (arquivo: { conteudo: string }) =>
  Buffer.from(arquivo.conteudo, 'base64').toString('latin1').slice(0, -2).split('\r\n');
const gerar = async (url: string, payload: object) => {
  const response = await server.app.inject({
    method: 'POST',
    url,
    headers: { host: 'localhost', authorization: token },
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return linhasDe(response.json());
};

beforeAll(async () => {
  server = await createTestServer();
  token = await login(server.app, 'demo@erp.local');
  demo = await seedArquivosFiscais(server.db, 'demo@erp.local');
  await server.db.withSystem(async (tx) => {
    const cliente = await tx.one<{ id: number }>(
      `SELECT id::int AS id FROM pessoa WHERE empresa_id = $1 AND nome LIKE 'Mercado%' LIMIT 1`,
      [demo.empresaId],
    );
    await tx.query(
      `INSERT INTO cupom_fiscal (empresa_id, filial_id, numero, serie, chave, data_emissao, valor_total, valor_desconto, situacao)
       VALUES ($1, $2, 9002, 1, $3, '2024-03-07T11:00:00-03:00', 45, 0, 2)`,
      [demo.empresaId, demo.filialId, chave('65', 9002)],
    );
    // A nota emitted as NFC-e, with a destinatário typed at the counter: still no participant in C100.
    const nota = await tx.one<{ id: number }>(
      `INSERT INTO nota_fiscal (empresa_id, filial_id, tipo_operacao, destinatario_id, numero, serie, chave, data_emissao,
                                valor_produtos, valor_frete, valor_desconto, valor_total, modalidade_frete, situacao)
       VALUES ($1, $2, 1, $3, 9003, 1, $4, '2024-03-08T09:00:00-03:00', 80, 0, 0, 80, 9, 1) RETURNING id::int AS id`,
      [demo.empresaId, demo.filialId, cliente.id, chave('65', 9003)],
    );
    await tx.query(
      `INSERT INTO nota_fiscal_item (empresa_id, filial_id, nota_fiscal_id, numero_item, codigo, descricao, ncm, cfop,
         unidade, quantidade, valor_unitario, valor_desconto, valor_total, origem, cst_icms, base_icms, aliquota_icms,
         valor_icms)
       VALUES ($1, $2, $3, 1, 'CAFE500', 'Café torrado 500g', '09012100', '5102', 'UN', 2, 40, 0, 80, 0, '00', 80, 18,
               14.4)`,
      [demo.empresaId, demo.filialId, nota.id],
    );
    await tx.query(
      `INSERT INTO nota_fiscal (empresa_id, filial_id, tipo_operacao, numero, serie, chave, data_emissao,
                                valor_produtos, valor_frete, valor_desconto, valor_total, modalidade_frete, situacao)
       VALUES ($1, $2, 1, 9004, 1, $3, '2024-03-08T10:00:00-03:00', 10, 0, 0, 10, 9, 2)`,
      [demo.empresaId, demo.filialId, chave('65', 9004)],
    );
  });
}, 120_000);
afterAll(async () => server?.close());

describe('NFC-e in the fiscal files', () => {
  it('SPED: model 65 without participant, cancelled ones with only the keys (exceção 1)', async () => {
    const linhas = await gerar('/api/ArquivosFiscais/sped/arquivo', SPED);
    expect(linhas).toContain(`|C100|1|0||65|02|001|9002|${chave('65', 9002)}${'|'.repeat(21)}`);
    expect(linhas).toContain(`|C100|1|0||65|02|001|9004|${chave('65', 9004)}${'|'.repeat(21)}`);
    const emitida = linhas.find((linha) => linha.includes(`|9003|${chave('65', 9003)}|`));
    expect(emitida).toBe(
      `|C100|1|0||65|00|001|9003|${chave('65', 9003)}|08032024|08032024|80,00|0|0,00|0,00|80,00|9|0,00|0,00|0,00|80,00|14,40||||||||`,
    );
    // The model-55 notes stay as they were: the authorised one keeps its participant.
    expect(linhas.some((linha) => /^\|C100\|1\|0\|\d+\|55\|00\|001\|101\|/.test(linha))).toBe(true);
  });

  it('Sintegra: no registro 50 for an NFC-e; the authorised ones summed in registro 61 per day', async () => {
    const linhas = await gerar('/api/ArquivosFiscais/sintegra/arquivo', SINTEGRA);
    const registros50 = linhas.filter((linha) => linha.startsWith('50'));
    expect(registros50.length).toBeGreaterThan(0);
    for (const numero of ['009002', '009003', '009004'])
      expect(registros50.some((linha) => linha.slice(43, 49) === numero)).toBe(false);
    // The cupom of the 6th as before, and the nota emitted as NFC-e on the 8th; the cancelled ones in neither.
    expect(linhas.filter((linha) => linha.startsWith('61') && !linha.startsWith('61R'))).toEqual([
      `61${' '.repeat(28)}20240306651    009001009001${'0000000003000'}${'0000000003000'}${'000000000540'}${'0'.repeat(26)}1800 `,
      `61${' '.repeat(28)}20240308651    009003009003${'0000000008000'}${'0000000008000'}${'000000001440'}${'0'.repeat(26)}1800 `,
    ]);
  });
});
