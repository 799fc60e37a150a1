import type { DadosNotaXml, EmitenteXml, ItemXml } from '../../runtime/core/fiscal/montarXmlNfe.ts';
import type {
  EntradaTributos,
  ItemTributavel,
  RegraIcms,
} from '../../runtime/core/fiscal/tributacaoTipos.ts';

/** The tax-engine scenarios of calcularTributosNota.test.ts, as whole notes for the XML/XSD/signature tests. */
export interface CenarioNfe {
  nome: string;
  tributos: EntradaTributos;
  itens: ItemXml[];
}

export const CNPJ_EMITENTE = '11222333000181';

export function emitenteTeste(crt: 1 | 3): EmitenteXml {
  return {
    cnpj: CNPJ_EMITENTE,
    nome: 'EMPRESA DEMONSTRACAO LTDA',
    fantasia: 'Demo & Cia',
    ie: '110042490114',
    crt,
    endereco: {
      logradouro: 'Rua das Flores',
      numero: '100',
      bairro: 'Centro',
      codigoMunicipio: 3550308,
      municipio: 'São Paulo',
      uf: 'SP',
      cep: '01001-000',
      telefone: '(11) 3333-4444',
    },
  };
}

const item = (icms: RegraIcms, extra: Partial<ItemTributavel> = {}): ItemTributavel => ({
  numeroItem: 1,
  produto: { ncm: '22030000', origem: 0 },
  cfop: '5102',
  quantidade: 1,
  valorUnitario: 100,
  icms,
  federal: { cstPis: '49', aliquotaPis: 0, cstCofins: '49', aliquotaCofins: 0 },
  ...extra,
});
const pisCofins = { cstPis: '01', aliquotaPis: 1.65, cstCofins: '01', aliquotaCofins: 7.6 };
const ibpt = { nacionalFederal: 13.45, importadosFederal: 15.45, estadual: 18, municipal: 0 };
const combustivel = { ncm: '27101259', origem: 0 };
const stRetido = { baseUnitaria: 11.7, aliquota: 18, icmsProprioUnitario: 1.8 };

function cenario(
  nome: string,
  crt: 1 | 3,
  uf: string,
  itens: ItemTributavel[],
  destinatario: EntradaTributos['destinatario'] = { uf, indIEDest: 1, consumidorFinal: false },
): CenarioNfe {
  return {
    nome,
    tributos: {
      emitente: { crt, uf: 'SP', aliquotaCreditoSimples: 2.56 },
      destinatario,
      natureza: { tipoOperacao: 1 },
      modelo: 55,
      itens,
    },
    itens: itens.map((tributavel, index) => ({
      codigo: `P${index + 1}`,
      gtin: index === 0 ? '7891234567895' : null,
      descricao: `Produto de teste ${index + 1}`,
      ncm: tributavel.produto.ncm,
      cest: tributavel.produto.cest ?? null,
      unidade: 'UN',
      quantidade: tributavel.quantidade,
      valorUnitario: tributavel.valorUnitario,
    })),
  };
}

export const CENARIOS_NFE: CenarioNfe[] = [
  cenario('Simples CSOSN 102 intra', 1, 'SP', [
    item({ csosn: '102', aliquota: 0 }, { quantidade: 2, valorUnitario: 50, ibpt }),
  ]),
  cenario('Simples CSOSN 101 crédito', 1, 'SP', [
    item({ csosn: '101', aliquota: 0 }, { quantidade: 3, valorUnitario: 33.33 }),
  ]),
  cenario('Simples CSOSN 201 com ST intra', 1, 'SP', [
    item(
      { csosn: '201', aliquota: 18, modalidadeBcSt: 4, mvaSt: 40, aliquotaInternaDestino: 18 },
      { produto: { ncm: '22030000', origem: 0, cest: '0302100' } },
    ),
  ]),
  cenario('Simples CSOSN 202 ST interestadual', 1, 'RJ', [
    item(
      { csosn: '202', aliquota: 12, modalidadeBcSt: 4, mvaSt: 50, aliquotaInternaDestino: 18 },
      { cfop: '5403' },
    ),
  ]),
  cenario('Normal CST 00 intra com desconto', 3, 'SP', [
    item(
      { cst: '00', aliquota: 18 },
      { quantidade: 10, valorUnitario: 12.34, valorDesconto: 3.4, federal: pisCofins },
    ),
  ]),
  cenario('Normal CST 20 redução', 3, 'SP', [
    item({ cst: '20', aliquota: 18, reducaoBase: 33.33 }, { valorUnitario: 200, federal: pisCofins }),
  ]),
  cenario('Normal CST 10 ST interestadual com IPI', 3, 'MG', [
    item(
      { cst: '10', aliquota: 12, modalidadeBcSt: 4, mvaSt: 40, aliquotaInternaDestino: 18, aliquotaFcp: 2 },
      { cfop: '5403', valorUnitario: 1000, federal: { ...pisCofins, cstIpi: '50', aliquotaIpi: 10 } },
    ),
  ]),
  cenario(
    'Normal CST 00 DIFAL a não contribuinte',
    3,
    'BA',
    [
      item(
        { cst: '00', aliquota: 7, aliquotaInternaDestino: 20.5, aliquotaFcp: 2 },
        { valorUnitario: 500, federal: pisCofins, ibpt },
      ),
    ],
    { uf: 'BA', indIEDest: 9, consumidorFinal: true },
  ),
  cenario('Normal CST 70 redução e ST', 3, 'SP', [
    item({
      cst: '70',
      aliquota: 18,
      reducaoBase: 10,
      modalidadeBcSt: 4,
      mvaSt: 30,
      reducaoBaseSt: 10,
      aliquotaInternaDestino: 18,
    }),
  ]),
  cenario('Normal CST 40 isenta e CST 60 ST retido', 3, 'SP', [
    item({ cst: '40', aliquota: 0 }),
    item({ cst: '60', aliquota: 0 }, { numeroItem: 2, cfop: '5405' }),
  ]),
  cenario('Normal CST 90 sem valores', 3, 'SP', [item({ cst: '90', aliquota: 0 })]),
  cenario('Simples CSOSN 500 e 900', 1, 'SP', [
    item({ csosn: '500', aliquota: 0 }, { cfop: '5405' }),
    item({ csosn: '900', aliquota: 18 }, { numeroItem: 2 }),
  ]),
  cenario('Normal CST 51 diferimento parcial com redução', 3, 'SP', [
    item(
      { cst: '51', aliquota: 18, percentualDiferimento: 33.33, reducaoBase: 20 },
      { valorUnitario: 1000, federal: pisCofins },
    ),
  ]),
  cenario('Combustível CST 02 e CST 61 (ICMS monofásico)', 3, 'SP', [
    item(
      { cst: '02', aliquota: 0, adRem: 1.47 },
      { produto: combustivel, cfop: '5656', quantidade: 1000, valorUnitario: 5.89 },
    ),
    item(
      { cst: '61', aliquota: 0, adRem: 1.47 },
      { numeroItem: 2, produto: combustivel, cfop: '5656', quantidade: 40.5, valorUnitario: 6.2 },
    ),
  ]),
  cenario('Combustível CST 15 (monofásico com retenção)', 3, 'SP', [
    item(
      { cst: '15', aliquota: 0, adRem: 1.0635, adRemRetencao: 1.0635 },
      { produto: combustivel, cfop: '5656', quantidade: 500, valorUnitario: 6 },
    ),
  ]),
  cenario('Combustível CST 53 (monofásico diferido)', 3, 'SP', [
    item(
      { cst: '53', aliquota: 0, adRem: 1.47, percentualDiferimento: 40 },
      { produto: combustivel, cfop: '5656', quantidade: 100, valorUnitario: 5 },
    ),
  ]),
  cenario('Normal CST 60 com ST retido', 3, 'SP', [
    item({ cst: '60', aliquota: 0 }, { cfop: '5405', quantidade: 10, valorUnitario: 10, stRetido }),
  ]),
  cenario('Simples CSOSN 500 com ST retido', 1, 'SP', [
    item({ csosn: '500', aliquota: 0 }, { cfop: '5405', quantidade: 10, valorUnitario: 10, stRetido }),
  ]),
];

/** The XML data of a scenario (NF-e 55, homologação, série 1). */
export function dadosNota(c: CenarioNfe, tributos: DadosNotaXml['tributos'], numero = 1): DadosNotaXml {
  const destinatarioUf = c.tributos.destinatario.uf;
  const naoContribuinte = c.tributos.destinatario.indIEDest === 9;
  return {
    modelo: c.tributos.modelo,
    serie: 1,
    numero,
    dataEmissao: new Date('2026-11-20T13:00:00Z'),
    ambiente: 2,
    naturezaOperacao: 'Venda de mercadoria',
    tipoOperacao: 1,
    finalidade: 1,
    consumidorFinal: c.tributos.destinatario.consumidorFinal,
    indicadorPresenca: naoContribuinte ? 2 : 1,
    emitente: emitenteTeste(c.tributos.emitente.crt === 3 ? 3 : 1),
    destinatario: {
      documento: naoContribuinte ? '52998224725' : '33000167000101',
      nome: 'Cliente de Teste',
      indIEDest: c.tributos.destinatario.indIEDest,
      ie: naoContribuinte ? null : '0623079040081',
      email: 'cliente@example.com',
      endereco: {
        logradouro: 'Av. Brasil',
        numero: '1',
        bairro: 'Centro',
        codigoMunicipio: { SP: 3550308, RJ: 3304557, MG: 3106200, BA: 2927408 }[destinatarioUf] ?? 3550308,
        municipio: 'Cidade',
        uf: destinatarioUf,
        cep: '20000000',
      },
    },
    itens: c.itens,
    tributos,
    modalidadeFrete: 9,
    pagamentos: [{ tPag: '99', xPag: 'Faturado', vPag: tributos.totais.vNF, indPag: 1 }],
    informacoesComplementares: 'Pedido 12 <teste> & "aspas"',
  };
}
