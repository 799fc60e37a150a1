import { describe, expect, it } from 'vitest';
import { escreverSintegra } from '../../runtime/server/services/arquivosFiscais/arquivoSintegra.ts';
import { escreverSped } from '../../runtime/server/services/arquivosFiscais/arquivoSped.ts';
import type {
  ContadorFiscal,
  ParticipanteFiscal,
  ProdutoFiscal,
} from '../../runtime/server/services/arquivosFiscais/cadastrosFiscais.ts';
import type {
  DocumentoFiscal,
  ItemFiscal,
} from '../../runtime/server/services/arquivosFiscais/documentosFiscais.ts';
import type { EmitenteFiscal } from '../../runtime/server/services/arquivosFiscais/emitenteFiscal.ts';
import {
  csosnDeclarante,
  escrituracaoSimples,
} from '../../runtime/server/services/arquivosFiscais/escrituracaoSimples.ts';
import { round } from '../../runtime/server/services/arquivosFiscais/formatoArquivo.ts';
import type { MovimentoFiscal } from '../../runtime/server/services/arquivosFiscais/movimentoFiscal.ts';
import {
  validarSintegra,
  validarSped,
} from '../../runtime/server/services/arquivosFiscais/validadorArquivo.ts';
import { contadorTeste, itemTeste } from '../support/fixturesFiscais.ts';
import { compararComGolden } from '../support/golden.ts';
import { chave } from '../support/seedArquivosFiscais.ts';

/**
 * Issue 22, a Simples Nacional company: the month of a small SP retailer (CRT 1) written by the same writers
 * the API uses, compared with the committed golden files (no generation date in either layout: nothing is
 * normalised) and passed through the in-product validator. ATUALIZAR_GOLDEN=1 rewrites the golden copies.
 */
const emitente: EmitenteFiscal = {
  filialId: 1,
  nome: 'Mercadinho Bom Dia ME',
  fantasia: 'Mercadinho Bom Dia',
  cnpj: '11444777000161',
  ie: '335127905119',
  im: '',
  uf: 'SP',
  codigoMunicipio: 3509502,
  municipio: 'Campinas',
  cep: '13010001',
  logradouro: 'Rua Barão de Jaguara',
  numero: '500',
  complemento: 'Loja 2',
  bairro: 'Centro',
  telefone: '1932221111',
  email: 'fiscal@bomdia.com.br',
  simplesNacional: true,
};
const contador: ContadorFiscal = {
  ...contadorTeste,
  crc: '1SP123456O8',
  telefone: '1132105000',
  email: 'carla@contabilidade.com.br',
};
const participante = (
  id: number,
  codigo: string,
  nome: string,
  cpfCnpj: string,
  ie: string,
  uf: string,
  codigoMunicipio: number,
): ParticipanteFiscal => ({
  id,
  codigo,
  nome,
  cpfCnpj,
  ie,
  uf,
  codigoMunicipio,
  logradouro: 'Rua do Comércio',
  numero: '12',
  complemento: '',
  bairro: 'Centro',
});
const participantes = new Map([
  [
    1,
    participante(1, 'F001', 'Distribuidora Paulista Ltda', '23456789000195', '148235611119', 'SP', 3550308),
  ],
  [2, participante(2, 'F002', 'Bebidas Mineiras S.A.', '76543210000198', '7064122300020', 'MG', 3106200)],
  [3, participante(3, 'C001', 'Restaurante Sabor Ltda', '19827364000178', '', 'SP', 3509502)],
]);
const produto = (
  id: number,
  codigo: string,
  descricao: string,
  ncm: string,
  custo: number,
): ProdutoFiscal => ({
  id,
  codigo,
  descricao,
  codigoBarras: '',
  unidade: 'UN',
  ncm,
  cest: '',
  tipoProduto: 0,
  custo,
});
const produtos = new Map([
  [1, produto(1, 'ARROZ5', 'Arroz tipo 1 5 kg', '10063021', 20)],
  [2, produto(2, 'REFRI2L', 'Refrigerante 2 L', '22021000', 5)],
  [3, produto(3, 'CAFE500', 'Café torrado 500 g', '09012100', 12)],
]);

const item = (
  numeroItem: number,
  produtoId: number,
  cfop: string,
  quantidade: number,
  valorUnitario: number,
  icms: { cst?: string; csosn?: string; aliquota?: number; baseSt?: number; st?: number },
): ItemFiscal => {
  const total = round(quantidade * valorUnitario);
  const aliquota = icms.aliquota ?? 0;
  return itemTeste({
    numeroItem,
    produtoId,
    descricao: produtos.get(produtoId)?.descricao ?? '',
    ncm: produtos.get(produtoId)?.ncm ?? null,
    cfop,
    quantidade,
    valorUnitario,
    valorTotal: total,
    cstIcms: icms.cst ?? null,
    csosn: icms.csosn ?? null,
    baseIcms: aliquota > 0 ? total : 0,
    aliquotaIcms: aliquota,
    valorIcms: round((total * aliquota) / 100),
    baseIcmsSt: icms.baseSt ?? 0,
    valorIcmsSt: icms.st ?? 0,
  });
};
const documento = (
  id: number,
  origem: DocumentoFiscal['origem'],
  participanteId: number | null,
  numero: number,
  dia: string,
  itens: ItemFiscal[],
): DocumentoFiscal => {
  const modelo = origem === 'nfce' ? '65' : '55';
  const produtosValor = round(itens.reduce((soma, i) => soma + i.valorTotal, 0));
  return {
    origem,
    id,
    modelo,
    indOper: origem === 'entrada' ? 0 : 1,
    indEmit: origem === 'entrada' ? 1 : 0,
    participanteId,
    cancelado: false,
    serie: 1,
    numero,
    chave: chave(modelo, numero),
    dataEmissao: `2024-05-${dia}`,
    dataEntradaSaida: `2024-05-${dia}`,
    valorTotal: round(produtosValor + itens.reduce((soma, i) => soma + i.valorIcmsSt, 0)),
    valorDesconto: 0,
    valorProdutos: produtosValor,
    valorFrete: 0,
    modalidadeFrete: 9,
    itens,
  };
};

const movimento: MovimentoFiscal = {
  inicio: '2024-05-01',
  fim: '2024-05-31',
  documentos: [
    // Supplier in regime normal: CST 00 with ICMS destacado (no credit for a Simples buyer).
    documento(1, 'entrada', 1, 3301, '02', [
      item(1, 1, '1102', 50, 20, { cst: '00', aliquota: 18 }),
      item(2, 3, '1102', 40, 12, { cst: '00', aliquota: 18 }),
    ]),
    // Interstate supplier retaining ICMS-ST (CST 10): the ST paid goes into the goods' value.
    documento(2, 'entrada', 2, 77120, '06', [
      item(1, 2, '2403', 120, 5, { cst: '10', aliquota: 12, baseSt: 900, st: 90 }),
    ]),
    // Own NF-e: goods taxed by the Simples (102) and drinks whose ICMS-ST was charged before (500).
    documento(3, 'nfe', 3, 101, '15', [
      item(1, 1, '5102', 10, 29.9, { csosn: '102' }),
      item(2, 2, '5405', 24, 8.5, { csosn: '500' }),
    ]),
    documento(4, 'nfce', null, 9001, '20', [
      item(1, 3, '5102', 3, 19.9, { csosn: '102' }),
      item(2, 2, '5405', 2, 8.5, { csosn: '500' }),
    ]),
  ],
  participantes,
  produtos,
  inventarios: [
    {
      id: 1,
      data: '2024-05-31',
      motivo: '01',
      valorInformado: 0,
      itens: [
        { produtoId: 1, quantidade: 40, valorUnitario: 20 },
        { produtoId: 2, quantidade: 94, valorUnitario: 5.75 },
        { produtoId: 3, quantidade: 37, valorUnitario: 12 },
      ],
    },
  ],
  avisos: [],
};

const registros = (linhas: string[], reg: string) =>
  linhas.filter((linha) => linha.startsWith(`|${reg}|`)).map((linha) => linha.split('|').slice(1, -1));

const sintegraMaio = {
  filialId: 1,
  dataInicial: '2024-05-01',
  dataFinal: '2024-05-31',
  finalidade: 1 as const,
  natureza: 3 as const,
};

describe('Simples Nacional company', () => {
  const pedido = { filialId: 1, periodo: '2024-05', finalidade: 0 as const, perfil: 'C' as const };
  const sped = escreverSped(emitente, contador, movimento, pedido, null);

  it('SPED Fiscal of May 2024 (perfil C) matches the golden file and passes the validator', () => {
    expect(validarSped(sped.linhas)).toEqual([]);
    expect(sped.avisos).toEqual([]);
    compararComGolden('sped-simples-nacional-2024-05.txt', sped.linhas);
  });

  it('books by CSOSN with every ICMS field zero and no ICMS to pay', () => {
    expect(registros(sped.linhas, 'C190').map((c) => [c[1], c[2], c[3], c[5], c[6]])).toEqual([
      ['102', '1102', '0,00', '0,00', '0,00'],
      ['202', '2403', '0,00', '0,00', '0,00'],
      ['102', '5102', '0,00', '0,00', '0,00'],
      ['500', '5405', '0,00', '0,00', '0,00'],
      ['102', '5102', '0,00', '0,00', '0,00'],
      ['500', '5405', '0,00', '0,00', '0,00'],
    ]);
    const [e110] = registros(sped.linhas, 'E110');
    expect(e110?.slice(1).every((valor) => valor === '0,00')).toBe(true);
    expect(registros(sped.linhas, 'E116')).toEqual([]);
    // The ST paid on the interstate purchase is part of the item's value (600 + 90), VL_ICMS_ST zero.
    const c170St = registros(sped.linhas, 'C170').find((c) => c[2] === 'REFRI2L');
    expect([c170St?.[6], c170St?.[9], c170St?.[17]]).toEqual(['690,00', '202', '0,00']);
  });

  it('Sintegra of May 2024 matches the golden file and passes the validator', () => {
    const { linhas } = escreverSintegra(emitente, contador, movimento, sintegraMaio);
    expect(validarSintegra(linhas)).toEqual([]);
    compararComGolden('sintegra-simples-nacional-2024-05.txt', linhas);
  });

  it('61R sums the NFC-e items per produto; the validator refuses one without 75 or of another month', () => {
    const { linhas } = escreverSintegra(emitente, contador, movimento, sintegraMaio);
    const resumo = linhas.filter((linha) => linha.startsWith('61R'));
    expect(resumo.map((linha) => [linha.slice(9, 23).trim(), Number(linha.slice(36, 52)) / 100])).toEqual([
      ['CAFE500', 59.7],
      ['REFRI2L', 17],
    ]);
    const trocar = (de: string, para: string) =>
      linhas.map((linha) => (linha === resumo[0] ? linha.replace(de, para) : linha));
    const erros = (l: string[]) =>
      validarSintegra(l).map((problema) => `${problema.registro}.${problema.campo}`);
    expect(erros(trocar('CAFE500', 'XPTO700'))).toEqual(['61R.Código do produto']);
    expect(erros(trocar('61R052024', '61R062024'))).toEqual(['61R.Mês e ano']);
    // Without the R it is read as a 61 of the day, whose positions do not fit.
    expect(erros(trocar('61R', '61Q'))).toContain('61.Data');
  });

  it('the same month of a regime-normal company keeps CSTs and the ICMS apuração', () => {
    const normal = escreverSped(
      { ...emitente, simplesNacional: false },
      contador,
      movimento,
      {
        ...pedido,
        codigoReceita: '046-2',
      },
      null,
    );
    expect(validarSped(normal.linhas)).toEqual([]);
    expect(registros(normal.linhas, 'C190')[0]?.slice(1, 4)).toEqual(['000', '1102', '18,00']);
  });
});

describe('CSOSN seen by the Simples declarant', () => {
  const base = item(1, 1, '1102', 1, 10, {});
  it.each([
    ['CST 00 of a regime-normal supplier', { cstIcms: '00' }, true, '102'],
    ['CST 20 (reduced base)', { cstIcms: '20' }, true, '102'],
    ['CST 10 (ST retained)', { cstIcms: '10' }, true, '202'],
    ['CST 70', { cstIcms: '70' }, true, '202'],
    ['CST 60 (ST charged before)', { cstIcms: '60' }, true, '500'],
    ['CST 40 (exempt)', { cstIcms: '40' }, true, '400'],
    ['CSOSN 101 of a Simples supplier (no credit for the buyer)', { csosn: '101' }, true, '102'],
    ['CSOSN 201 of a Simples supplier', { csosn: '201' }, true, '202'],
    ['own saída with CSOSN 103', { csosn: '103' }, false, '103'],
    ['own saída without CSOSN', {}, false, '102'],
  ] as const)('%s → %s', (_nome, campos, entrada, esperado) => {
    expect(csosnDeclarante({ ...base, ...campos }, entrada)).toBe(esperado);
  });

  it('is idempotent', () => {
    const uma = escrituracaoSimples(movimento);
    expect(escrituracaoSimples(uma)).toEqual(uma);
  });
});
