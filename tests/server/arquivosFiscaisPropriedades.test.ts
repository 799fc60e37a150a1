import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escreverSintegra } from '../../runtime/server/services/arquivosFiscais/arquivoSintegra.ts';
import { escreverSped } from '../../runtime/server/services/arquivosFiscais/arquivoSped.ts';
import type { ProdutoFiscal } from '../../runtime/server/services/arquivosFiscais/cadastrosFiscais.ts';
import type {
  DocumentoFiscal,
  ItemFiscal,
} from '../../runtime/server/services/arquivosFiscais/documentosFiscais.ts';
import { round } from '../../runtime/server/services/arquivosFiscais/formatoArquivo.ts';
import type { MovimentoFiscal } from '../../runtime/server/services/arquivosFiscais/movimentoFiscal.ts';
import {
  validarSintegra,
  validarSped,
} from '../../runtime/server/services/arquivosFiscais/validadorArquivo.ts';
import { contadorTeste, emitenteTeste, itemTeste, participanteTeste } from '../support/fixturesFiscais.ts';
import { chave } from '../support/seedArquivosFiscais.ts';

/** Random documents of a month never produce a SPED or Sintegra file the in-product validator rejects. */

const emitente = emitenteTeste;
const contador = contadorTeste;
const participante = participanteTeste;
const participantes = new Map([
  [1, participante(1, '04252011000110', 'RJ', 3304557)],
  [2, participante(2, '60746948000112', 'PR', 4106902)],
  [3, participante(3, '52998224725', 'SP', 3550308)],
  // A consumidor final não contribuinte in another UF: interstate sales to it carry DIFAL and FCP (C101).
  [4, participante(4, '11144477735', 'MG', 3106200)],
]);
const produto = (id: number, codigo: string): ProdutoFiscal => ({
  id,
  codigo,
  descricao: `Produto ${codigo} — “novo”`,
  codigoBarras: '',
  unidade: id === 2 ? 'KG' : 'UN',
  ncm: '09012100',
  cest: '',
  tipoProduto: 0,
  custo: 10,
});
const produtos = new Map([
  [1, produto(1, 'CAFE500')],
  [2, produto(2, 'ACUCAR')],
  [3, produto(3, 'CABO-25')],
]);

type ValorDe<A> = A extends fc.Arbitrary<infer T> ? T : never;

const cents = (min: number, max: number) => fc.integer({ min, max }).map((n) => n / 100);

const itemArb = fc.record({
  produtoId: fc.constantFrom(1, 2, 3),
  cst: fc.constantFrom('00', '20', '40', '10', '102', '500'),
  aliquota: fc.constantFrom(0, 7, 12, 18),
  total: cents(1, 500_000),
  quantidade: fc.integer({ min: 1, max: 50 }),
  ipi: cents(0, 5_000),
});

const documentoArb = fc.record({
  origem: fc.constantFrom('nfe', 'entrada', 'nfce') as fc.Arbitrary<DocumentoFiscal['origem']>,
  participanteId: fc.constantFrom(1, 2, 3, 4),
  /**
   * What an entrada is: a purchase (x102, or x403 for an item with ST: the supplier's ST, kept out of the ST
   * assessment), a devolução of a sale with ST (x411: VL_DEVOL_ST of E210) or a ressarcimento of ST (x603:
   * VL_RESSARC_ST).
   */
  tipoEntrada: fc.constantFrom('compra', 'devolucao', 'ressarcimento'),
  cancelado: fc.boolean(),
  serie: fc.option(fc.integer({ min: 1, max: 999 }), { nil: null }),
  numero: fc.integer({ min: 1, max: 999_999 }),
  dia: fc.integer({ min: 1, max: 31 }),
  saidaNoMesSeguinte: fc.boolean(),
  frete: cents(0, 10_000),
  itens: fc.array(itemArb, { minLength: 1, maxLength: 4 }),
});

function documentoDe(d: ValorDe<typeof documentoArb>, index: number): DocumentoFiscal {
  const modelo = d.origem === 'nfce' ? '65' : '55';
  const saida = d.origem !== 'entrada';
  const p = participantes.get(d.participanteId)!;
  const interna = d.origem === 'nfce' || p.uf === emitente.uf;
  const naoContribuinte = d.participanteId === 4 && d.origem === 'nfe';
  const entrada = d.origem === 'entrada' ? d.tipoEntrada : null;
  const itens = d.itens.map((item, i): ItemFiscal => {
    const comSt = item.cst === '10';
    const cfop = saida
      ? interna
        ? '5102'
        : naoContribuinte
          ? '6108'
          : '6102'
      : `${interna ? '1' : '2'}${entrada === 'devolucao' ? '411' : entrada === 'ressarcimento' ? '603' : comSt ? '403' : '102'}`;
    // 102 and 500 are CSOSN (an item of a Simples Nacional emitente: no ICMS destacado).
    const csosn = item.cst.length === 3;
    const base = item.cst === '40' || csosn ? 0 : item.cst === '20' ? round(item.total / 2) : item.total;
    const st = comSt;
    const difal = naoContribuinte && item.aliquota > 0 && item.aliquota < 18;
    const baseSt = st ? round(item.total * 1.4) : 0;
    const ipi = d.origem === 'entrada' ? item.ipi : 0;
    return itemTeste({
      numeroItem: i + 1,
      produtoId: item.produtoId,
      descricao: `Item ${i + 1}`,
      cfop,
      unidade: null,
      quantidade: item.quantidade,
      valorUnitario: round(item.total / item.quantidade, 6),
      valorTotal: item.total,
      cstIcms: csosn ? null : st || item.cst !== '10' ? item.cst : '00',
      csosn: csosn ? item.cst : null,
      baseIcms: base,
      aliquotaIcms: item.aliquota,
      valorIcms: round((base * item.aliquota) / 100),
      baseIcmsSt: baseSt,
      valorIcmsSt: st
        ? round(
            (baseSt * 18) / 100 - (base * item.aliquota) / 100 > 0
              ? (baseSt * 18) / 100 - (base * item.aliquota) / 100
              : 1,
          )
        : 0,
      valorIcmsUfDestino: difal ? round((base * (18 - item.aliquota)) / 100) : 0,
      valorFcpUfDestino: difal ? round((base * 2) / 100) : 0,
      aliquotaIpi: ipi > 0 ? 10 : 0,
      valorIpi: ipi,
    });
  });
  const frete = modelo === '65' ? 0 : d.frete;
  const dia = String(Math.min(d.dia, 31)).padStart(2, '0');
  const numero = d.numero * 10 + index;
  return {
    origem: d.origem,
    id: index + 1,
    modelo,
    indOper: saida ? 1 : 0,
    indEmit: d.origem === 'entrada' ? 1 : 0,
    participanteId: d.origem === 'nfce' ? null : d.participanteId,
    cancelado: d.origem !== 'entrada' && d.cancelado,
    serie: d.serie,
    numero,
    chave: chave(modelo, numero),
    dataEmissao: `2024-05-${dia}`,
    dataEntradaSaida: d.origem === 'nfe' && d.saidaNoMesSeguinte ? '2024-06-01' : `2024-05-${dia}`,
    valorTotal: round(itens.reduce((s, i) => s + i.valorTotal + i.valorIcmsSt + i.valorIpi, 0) + frete),
    valorDesconto: 0,
    valorProdutos: round(itens.reduce((s, i) => s + i.valorTotal, 0)),
    valorFrete: frete,
    modalidadeFrete: frete > 0 ? 0 : 9,
    itens,
  };
}

const movimentoArb = fc.record({
  documentos: fc.array(documentoArb, { maxLength: 8 }),
  inventario: fc.option(
    fc.array(
      fc.record({
        produtoId: fc.constantFrom(1, 2, 3),
        quantidade: fc.integer({ min: 1, max: 500 }),
        valorUnitario: cents(1, 10_000),
      }),
      {
        minLength: 1,
        maxLength: 3,
      },
    ),
    { nil: null },
  ),
  perfil: fc.constantFrom('A', 'B', 'C') as fc.Arbitrary<'A' | 'B' | 'C'>,
  indicadorAtividade: fc.constantFrom(0, 1) as fc.Arbitrary<0 | 1>,
  saldoCredorAnterior: cents(0, 100_000),
  simplesNacional: fc.boolean(),
});

function movimentoDe(m: ValorDe<typeof movimentoArb>): MovimentoFiscal {
  const porProduto = new Map((m.inventario ?? []).map((item) => [item.produtoId, item]));
  return {
    inicio: '2024-05-01',
    fim: '2024-05-31',
    documentos: m.documentos.map(documentoDe),
    participantes,
    produtos,
    inventarios: m.inventario
      ? [{ id: 1, data: '2024-05-31', motivo: '01', valorInformado: 0, itens: [...porProduto.values()] }]
      : [],
    avisos: [],
  };
}

const errosDe = (problemas: Array<{ tipo: string; registro: string; campo: string; mensagem: string }>) =>
  problemas.filter((problema) => problema.tipo === 'erro');

describe('Random documents against the validator', () => {
  it('never yields a SPED file with errors, ST by UF and DIFAL/FCP included', () => {
    const vistos = new Set<string>();
    fc.assert(
      fc.property(movimentoArb, (m) => {
        const movimento = movimentoDe(m);
        const conta = {
          codigo: '1.1.4.01',
          descricao: 'Estoque',
          natureza: '01',
          tipo: 'A',
          nivel: 4,
          dataAlteracao: '2024-05-01',
        };
        const pedido = {
          filialId: 1,
          periodo: '2024-05',
          finalidade: 0 as const,
          perfil: m.perfil,
          codigoReceita: '046-2',
          codigoReceitaSt: '063-2',
          codigoReceitaDifal: '100102',
          codigoReceitaFcp: '100129',
          indicadorAtividade: m.indicadorAtividade,
          saldoCredorAnterior: m.saldoCredorAnterior,
        };
        const { linhas } = escreverSped(
          { ...emitente, simplesNacional: m.simplesNacional },
          contador,
          movimento,
          pedido,
          movimento.inventarios.length ? conta : null,
        );
        expect(errosDe(validarSped(linhas))).toEqual([]);
        for (const registro of ['C101', 'E200', 'E210', 'E250', 'E300', 'E310', 'E316'])
          if (linhas.some((linha) => linha.startsWith(`|${registro}|`))) vistos.add(registro);
        if (linhas.some((linha) => /^\|E210\|1\|0,00\|[1-9]/.test(linha))) vistos.add('VL_DEVOL_ST');
      }),
      { numRuns: 150 },
    );
    // The random months did exercise the ST and DIFAL registers (devoluções with ST included).
    expect([...vistos].sort()).toEqual([
      'C101',
      'E200',
      'E210',
      'E250',
      'E300',
      'E310',
      'E316',
      'VL_DEVOL_ST',
    ]);
  });

  it('never yields a Sintegra file with errors, for every natureza', () => {
    fc.assert(
      fc.property(movimentoArb, fc.constantFrom(1, 2, 3) as fc.Arbitrary<1 | 2 | 3>, (m, natureza) => {
        const { linhas } = escreverSintegra(emitente, contador, movimentoDe(m), {
          filialId: 1,
          dataInicial: '2024-05-01',
          dataFinal: '2024-05-31',
          finalidade: 1,
          natureza,
        });
        expect(errosDe(validarSintegra(linhas))).toEqual([]);
        for (const linha of linhas) expect(linha).toHaveLength(126);
      }),
      { numRuns: 150 },
    );
  });
});
