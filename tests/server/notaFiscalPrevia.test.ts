import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../runtime/server/db/database.ts';
import { CERVEJA, prepararEmissaoFiscal } from '../support/fiscalFixture.ts';
import { generateCertificado } from '../support/generateCertificado.ts';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/**
 * POST /api/NotasFiscais/{id}/previa and /xml on the demo company (regime normal, matriz in SP, CNPJ
 * 11222333000181): taxes from the tenant's perfil tributário, the XML signed with the stored A1 and
 * validated against the pinned PL (PL_010c, CNPJ alfa); bad registrations answer 422 naming what to fix.
 */
let server: TestServer;
const tokens: Record<string, string> = {};
let empresaId = 0;
let filialId = 0;
let produtoId = 0;
let notaSp = 0;
let notaRj = 0;
let notaBa = 0;
let clienteRj = 0;
let clienteSp = 0;
let consumidorBa = 0;

const api = (method: 'GET' | 'POST', url: string, token = tokens.demo, payload?: object) =>
  server.app.inject({
    method,
    url,
    headers: { host: token === tokens.verde ? 'verde.localhost' : 'localhost', authorization: token },
    ...(payload ? { payload } : {}),
  });
const sistema = <T>(fn: (tx: Tx) => Promise<T>) => server.db.withSystem(fn);

async function criarNota(destinatarioId: number, quantidade: number, valorUnitario: number): Promise<number> {
  return sistema(async (tx) => {
    const { id } = await tx.one<{ id: number }>(
      `INSERT INTO nota_fiscal (empresa_id, filial_id, tipo_operacao, finalidade, natureza_operacao_id, destinatario_id,
              data_emissao, valor_produtos, valor_total, modalidade_frete, situacao, serie, valor_frete, valor_desconto)
       SELECT $1, $2, 1, 1, (SELECT id FROM natureza_operacao WHERE empresa_id = $1 ORDER BY id DESC LIMIT 1), $3,
              '2026-11-20T13:00:00Z', $4, $4, 9, 0, 1, 10, 0
       RETURNING id::int AS id`,
      [empresaId, filialId, destinatarioId, quantidade * valorUnitario],
    );
    await tx.query(
      `INSERT INTO nota_fiscal_item (empresa_id, filial_id, nota_fiscal_id, numero_item, produto_id, codigo, descricao,
              cfop, unidade, quantidade, valor_unitario, valor_total)
       SELECT $1, $2, $3, 1, p.id, p.codigo, p.descricao, '5102', 'UN', $5::numeric, $6::numeric, $5::numeric * $6::numeric FROM produto p WHERE p.id = $4`,
      [empresaId, filialId, id, produtoId, quantidade, valorUnitario],
    );
    return id;
  });
}

beforeAll(async () => {
  server = await createTestServer();
  tokens.demo = await login(server.app, 'demo@erp.local');
  tokens.verde = await login(server.app, 'verde@erp.local', 'demo1234', 'verde.localhost');
  await sistema(async (tx) => {
    const fiscal = await prepararEmissaoFiscal(tx.query, {
      estaduais: [
        { uf: 'SP', aliquotaIcms: 18 },
        { uf: 'RJ', aliquotaIcms: 12 },
        { uf: 'BA', aliquotaIcms: 7, aliquotaInternaDestino: 20.5, aliquotaFcp: 2 },
      ],
      configuracao: {
        proximoNumeroNfe: 1301,
        serieNfce: 1,
        proximoNumeroNfce: 5001,
        csc: null,
        informarTributosAproximados: true,
      },
      produtos: [CERVEJA],
    });
    empresaId = fiscal.empresaId;
    filialId = fiscal.filialId;
    produtoId = fiscal.produtoIds[0]!;
    await tx.query(
      `INSERT INTO ibpt_ncm_tabela (uf, versao, vigencia_inicio, vigencia_fim, linhas) VALUES ('SP', '26.2.A', '2026-01-01', '2030-12-31', 1)
       ON CONFLICT (uf) DO NOTHING`,
    );
    await tx.query(
      `INSERT INTO ibpt_ncm (uf, codigo, tipo, descricao, nacional_federal, importados_federal, estadual, municipal, vigencia_inicio, vigencia_fim)
       VALUES ('SP', $1, 0, 'Produto', 13.45, 15.45, 18, 0, '2026-01-01', '2030-12-31') ON CONFLICT DO NOTHING`,
      ['22030000'],
    );
    const pessoa = async (
      nome: string,
      uf: string,
      municipio: number,
      cnpj: string,
      ie: string | null,
      indicador: number,
    ) =>
      (
        await tx.one<{ id: number }>(
          `INSERT INTO pessoa (empresa_id, tipo_pessoa, nome, cpf_cnpj, inscricao_estadual, indicador_ie, uf, codigo_municipio,
                  logradouro, numero, bairro, cep)
           VALUES ($1, 0, $2, $3, $4, $5, $6, $7, 'Rua A', '1', 'Centro', '01001000') RETURNING id::int AS id`,
          [empresaId, nome, cnpj, ie, indicador, uf, municipio],
        )
      ).id;
    clienteSp = await pessoa('Cliente Paulista', 'SP', 3509502, '19827364000178', '335.127.905.119', 1);
    clienteRj = await pessoa('Cliente Carioca', 'RJ', 3304557, '23456789000195', '78.654.30-9', 1);
    consumidorBa = await pessoa('Consumidora Baiana', 'BA', 2927408, '52998224725', null, 9);
  });
  notaSp = await criarNota(clienteSp, 10, 12.34);
  notaRj = await criarNota(clienteRj, 1, 1000);
  notaBa = await criarNota(consumidorBa, 1, 500);
});
afterAll(async () => server?.close());

describe('POST /api/NotasFiscais/{id}/previa', () => {
  it('intra SP, regime normal: 10 × 12,34 + frete 10,00 = 133,40; ICMS 18 % = 24,01; PIS/COFINS over 109,39; IBPT 31,45 % of 123,40 = 38,81', async () => {
    const response = await api('POST', `/api/NotasFiscais/${notaSp}/previa`);
    expect(response.statusCode, response.body).toBe(200);
    const previa = response.json();
    expect(previa).toMatchObject({ modelo: 55, idDest: 1 });
    expect(previa.itens[0]).toMatchObject({
      descricao: 'Cerveja Pilsen 350 ml',
      ncm: '22030000',
      cfop: '5102',
      vProd: 123.4,
      vFrete: 10,
      icms: { cst: '00', vBC: 133.4, pICMS: 18, vICMS: 24.01 },
      pis: { cst: '01', vBC: 109.39, vPIS: 1.8 },
      cofins: { vCOFINS: 8.31 },
      vTotTrib: 38.81,
    });
    expect(previa.totais).toMatchObject({ vProd: 123.4, vFrete: 10, vNF: 133.4, vICMS: 24.01 });
    expect(previa.totais.ibsCbs.vCBS).toBe(0.89); // 0,9 % × (133,40 − 24,01 − 1,80 − 8,31 = 99,28)
  });

  it('the tributação estadual of the destination UF: RJ 12 %, CFOP 6102', async () => {
    const previa = (await api('POST', `/api/NotasFiscais/${notaRj}/previa`)).json();
    expect(previa.idDest).toBe(2);
    expect(previa.itens[0]).toMatchObject({ cfop: '6102', icms: { pICMS: 12, vBC: 1010, vICMS: 121.2 } });
  });

  it('DIFAL to a não contribuinte in BA: 510 × (20,5 − 7) % = 68,85; FCP 2 % = 10,20', async () => {
    const previa = (await api('POST', `/api/NotasFiscais/${notaBa}/previa`)).json();
    expect(previa.itens[0].icms.difal).toMatchObject({
      vBCUFDest: 510,
      vICMSUFDest: 68.85,
      vFCPUFDest: 10.2,
    });
    expect(previa.totais).toMatchObject({ vICMSUFDest: 68.85, vFCPUFDest: 10.2, vNF: 510 });
  });

  it('another company does not see the note (404)', async () => {
    const response = await api('POST', `/api/NotasFiscais/${notaSp}/previa`, tokens.verde);
    expect(response.statusCode).toBe(404);
  });
});

describe('POST /api/NotasFiscais/{id}/xml', () => {
  it('without a certificate: 422 naming where to send it', async () => {
    const response = await api('POST', `/api/NotasFiscais/${notaSp}/xml`, tokens.demo, {});
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatchObject({ code: 'CERTIFICADO_AUSENTE' });
    expect(response.json().error.message).toMatch(/Fiscais › Certificado digital/);
  });

  it('a certificate of another company: 422', async () => {
    const upload = await api('POST', '/api/CertificadosDigitais', tokens.demo, {
      arquivo: generateCertificado({ senha: 's', cnpj: '33000167000101' }).toString('base64'),
      senha: 's',
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const response = await api('POST', `/api/NotasFiscais/${notaSp}/xml`, tokens.demo, {});
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('CERTIFICADO_DE_OUTRO_CNPJ');
    expect(response.json().error.message).toMatch(/CNPJ 33000167000101.*CNPJ 11222333000181/);
  });

  it('an expired certificate: 422 with its date', async () => {
    await sistema((tx) =>
      tx.query(`UPDATE certificado_digital SET cnpj = '11222333000181', valido_ate = '2026-01-10T12:00:00Z'`),
    );
    const response = await api('POST', `/api/NotasFiscais/${notaSp}/xml`, tokens.demo, {});
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatchObject({ code: 'CERTIFICADO_VENCIDO' });
    expect(response.json().error.message).toMatch(/venceu em 10\/01\/2026/);
  });

  it('with the company A1: NF-e signed, valid against the pinned PL, homologação, série/número of the configuração', async () => {
    const upload = await api('POST', '/api/CertificadosDigitais', tokens.demo, {
      arquivo: generateCertificado({ senha: 's' }).toString('base64'),
      senha: 's',
    });
    expect(upload.statusCode).toBe(200);
    const response = await api('POST', `/api/NotasFiscais/${notaRj}/xml`, tokens.demo, {});
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.erros).toEqual([]);
    expect(body).toMatchObject({
      valido: true,
      pacote: 'PL_010c_V1.30_cnpjAlfa',
      modelo: 55,
      serie: 1,
      numero: 1301,
      ambiente: 2,
    });
    expect(body.chave).toMatch(/^35\d{4}11222333000181550010000013011\d{9}$/);
    expect(body.xml).toContain('<xNome>NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL</xNome>');
    expect(body.xml).toContain('<SignatureMethod Algorithm="http://www.w3.org/2000/09/xmldsig#rsa-sha1"/>');
  });

  it('NFC-e with the QR code v3 of SP: valid', async () => {
    const response = await api('POST', `/api/NotasFiscais/${notaSp}/xml`, tokens.demo, {
      modelo: 65,
      versaoQrCode: 3,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ valido: true, modelo: 65, numero: 5001 });
    expect(response.json().xml).toContain(
      '<qrCode><![CDATA[https://www.homologacao.nfce.fazenda.sp.gov.br/qrcode?p=',
    );
  });

  it('NFC-e v2 asked for without CSC: 422 naming the setting; without asking, a filial with no CSC gets v3', async () => {
    const response = await api('POST', `/api/NotasFiscais/${notaSp}/xml`, tokens.demo, {
      modelo: 65,
      versaoQrCode: 2,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatchObject({
      code: 'NFCE_SEM_CSC',
      message:
        'O QR Code da NFC-e versão 2 precisa do CSC: informe o identificador e o token do CSC em Configurações › Configuração fiscal, ou use a Versão 3 (sem CSC) em Versão do QR Code da NFC-e.',
    });
    const automatica = await api('POST', `/api/NotasFiscais/${notaSp}/xml`, tokens.demo, { modelo: 65 });
    expect(automatica.statusCode, automatica.body).toBe(200);
    expect(automatica.json().valido).toBe(true);
    expect(automatica.json().xml).toMatch(/qrcode\?p=[0-9A-Z]{44}\|3\|2\]\]><\/qrCode>/);
  });

  it('an alphanumeric CNPJ destinatário and transportadora (IN RFB 2.229/2024): in dest and transporta, valid', async () => {
    const ids = await sistema(async (tx) => {
      const inserir = (tipo: number, nome: string) =>
        tx.one<{ id: number }>(
          `INSERT INTO pessoa (empresa_id, tipo_pessoa, nome, cpf_cnpj, inscricao_estadual, indicador_ie, uf, codigo_municipio,
                  logradouro, numero, bairro, cep)
           VALUES ($1, $2, $3, '12ABC34501DE35', NULL, 9, 'SP', 3550308, 'Rua do Porto', '5', 'Centro', '01001000')
           RETURNING id::int AS id`,
          [empresaId, tipo, nome],
        );
      return {
        cliente: (await inserir(0, 'Cliente Alfa')).id,
        transportadora: (await inserir(5, 'Transportes Alfa')).id,
      };
    });
    const nota = await criarNota(ids.cliente, 2, 50);
    await sistema((tx) =>
      tx.query('UPDATE nota_fiscal SET transportador_id = $2, modalidade_frete = 1 WHERE id = $1', [
        nota,
        ids.transportadora,
      ]),
    );
    const response = await api('POST', `/api/NotasFiscais/${nota}/xml`, tokens.demo, {});
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.erros).toEqual([]);
    expect(body.valido).toBe(true);
    expect(body.xml).toContain('<dest><CNPJ>12ABC34501DE35</CNPJ>');
    expect(body.xml).toContain(
      '<transp><modFrete>1</modFrete><transporta><CNPJ>12ABC34501DE35</CNPJ><xNome>Transportes Alfa</xNome><xEnder>Rua do Porto, 5</xEnder><xMun>São Paulo</xMun><UF>SP</UF></transporta></transp>',
    );
    // A wrong check digit is refused before anything is built, naming the document and the cadastro.
    await sistema((tx) =>
      tx.query(`UPDATE pessoa SET cpf_cnpj = '12ABC34501DE36' WHERE id = $1`, [ids.transportadora]),
    );
    const invalida = await api('POST', `/api/NotasFiscais/${nota}/xml`, tokens.demo, {});
    expect(invalida.statusCode).toBe(422);
    expect(invalida.json().error).toMatchObject({
      code: 'TRANSPORTADOR_DOCUMENTO_INVALIDO',
      message:
        'O CPF/CNPJ 12.ABC.345/01DE-36 da transportadora Transportes Alfa não é válido (dígitos verificadores). Corrija o documento no cadastro da transportadora.',
    });
  });
});

describe("CST 60: the ST retained before, from the product's last purchase with ST", () => {
  it('10 × base 11,70 = 117,00; pST (3,06 + 18,00) / 117 = 18 %; substituto 10 × 1,80 = 18,00; retained 3,06', async () => {
    const notaId = await sistema(async (tx) => {
      const st = await tx.one<{ id: number }>(
        `INSERT INTO tributacao_estadual (empresa_id, descricao, uf, cst_icms, aliquota_icms)
         VALUES ($1, 'Mercadoria com ST retido', 'SP', '60', 0) RETURNING id::int AS id`,
        [empresaId],
      );
      const perfil = await tx.one<{ id: number }>(
        `INSERT INTO perfil_tributario (empresa_id, descricao, cfop_id, tributacao_estadual_id, tributacao_federal_id)
         SELECT $1, 'Revenda com ST', cfop_id, $2, tributacao_federal_id FROM perfil_tributario WHERE id =
                (SELECT perfil_tributario_id FROM produto WHERE id = $3) RETURNING id::int AS id`,
        [empresaId, st.id, produtoId],
      );
      const refrigerante = await tx.one<{ id: number }>(
        `INSERT INTO produto (empresa_id, descricao, codigo, unidade, ncm, origem, perfil_tributario_id)
         VALUES ($1, 'Refrigerante 2 l', 'REFRI2', 'UN', '22021000', 0, $2) RETURNING id::int AS id`,
        [empresaId, perfil.id],
      );
      const fornecedor = await tx.one<{ id: number }>(
        `INSERT INTO pessoa (empresa_id, tipo_pessoa, nome, cpf_cnpj) VALUES ($1, 1, 'Distribuidora', '04252011000110')
         RETURNING id::int AS id`,
        [empresaId],
      );
      // Bought in boxes of 2: 5 boxes = 10 units; base ST 117,00, own ICMS 18,00, ICMS ST 3,06.
      const entrada = await tx.one<{ id: number }>(
        `INSERT INTO nota_entrada (empresa_id, filial_id, fornecedor_id, numero, serie, data_emissao, data_entrada,
                valor_produtos, valor_total, situacao)
         VALUES ($1, $2, $3, 77, 1, '2026-11-10', '2026-11-10', 80, 83.06, 'lancada') RETURNING id::int AS id`,
        [empresaId, filialId, fornecedor.id],
      );
      await tx.query(
        `INSERT INTO nota_entrada_item (empresa_id, filial_id, nota_entrada_id, numero_item, produto_id, descricao, cfop,
                unidade, quantidade, fator_conversao, valor_unitario, valor_total, base_icms, valor_icms, base_icms_st,
                valor_icms_st)
         VALUES ($1, $2, $3, 1, $4, 'Refrigerante 2 l cx 2', '1403', 'CX', 5, 2, 16, 80, 100, 18, 117, 3.06)`,
        [empresaId, filialId, entrada.id, refrigerante.id],
      );
      const nota = await tx.one<{ id: number }>(
        `INSERT INTO nota_fiscal (empresa_id, filial_id, tipo_operacao, finalidade, natureza_operacao_id, destinatario_id,
                data_emissao, valor_produtos, valor_total, modalidade_frete, situacao, serie)
         SELECT $1, $2, 1, 1, (SELECT id FROM natureza_operacao WHERE empresa_id = $1 ORDER BY id DESC LIMIT 1), $3,
                '2026-11-20T13:00:00Z', 100, 100, 9, 0, 1 RETURNING id::int AS id`,
        [empresaId, filialId, clienteSp],
      );
      await tx.query(
        `INSERT INTO nota_fiscal_item (empresa_id, filial_id, nota_fiscal_id, numero_item, produto_id, codigo, descricao,
                cfop, unidade, quantidade, valor_unitario, valor_total)
         VALUES ($1, $2, $3, 1, $4, 'REFRI2', 'Refrigerante 2 l', '5405', 'UN', 10, 10, 100)`,
        [empresaId, filialId, nota.id, refrigerante.id],
      );
      return nota.id;
    });
    const response = await api('POST', `/api/NotasFiscais/${notaId}/previa`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().itens[0].icms).toMatchObject({
      cst: '60',
      vICMS: 0,
      stRetido: { vBCSTRet: 117, pST: 18, vICMSSubstituto: 18, vICMSSTRet: 3.06 },
    });
  });
});

describe('bad registrations: 422 naming what to fix', () => {
  it('a contribuinte destinatário without IE', async () => {
    await sistema((tx) => tx.query('UPDATE pessoa SET inscricao_estadual = NULL WHERE id = $1', [clienteRj]));
    const response = await api('POST', `/api/NotasFiscais/${notaRj}/previa`);
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatchObject({ code: 'DESTINATARIO_SEM_IE' });
    expect(response.json().error.message).toMatch(/Cliente Carioca.*não tem inscrição estadual/);
  });

  it('a product without NCM', async () => {
    await sistema((tx) => tx.query('UPDATE produto SET ncm = NULL WHERE id = $1', [produtoId]));
    const response = await api('POST', `/api/NotasFiscais/${notaSp}/previa`);
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatchObject({ code: 'PRODUTO_SEM_NCM' });
    expect(response.json().error.message).toMatch(
      /^Item 1 \(.+\): o produto .* não tem NCM válido \(8 dígitos\)\. Informe o NCM no cadastro do produto\.$/,
    );
  });
});
