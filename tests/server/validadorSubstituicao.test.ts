import { describe, expect, it } from 'vitest';
import {
  apuracaoDifal,
  apuracaoSt,
  assertCodigosReceitaSubstituicao,
} from '../../runtime/server/services/arquivosFiscais/apuracaoSubstituicao.ts';
import { escreverSped } from '../../runtime/server/services/arquivosFiscais/arquivoSped.ts';
import type {
  DocumentoFiscal,
  ItemFiscal,
} from '../../runtime/server/services/arquivosFiscais/documentosFiscais.ts';
import type { MovimentoFiscal } from '../../runtime/server/services/arquivosFiscais/movimentoFiscal.ts';
import {
  type ProblemaArquivo,
  validarSped,
} from '../../runtime/server/services/arquivosFiscais/validadorArquivo.ts';
import { contadorTeste, emitenteTeste, itemTeste, participanteTeste } from '../support/fixturesFiscais.ts';
import { chave } from '../support/seedArquivosFiscais.ts';

/**
 * ICMS-ST by UF (E200/E210/E250) and DIFAL/FCP (C101, E300/E310/E316): what the generator writes for a
 * month with such operations, and each validator rule with a passing (the generated file) and a failing
 * example (the same file broken in one place).
 */

const emitente = emitenteTeste;
const contador = contadorTeste;
const participante = participanteTeste;
const participantes = new Map([
  [1, participante(1, '60746948000112', 'SP', 3550308)],
  [2, participante(2, '04252011000110', 'RJ', 3304557)],
  // Consumidor final não contribuinte in Minas Gerais.
  [3, participante(3, '11144477735', 'MG', 3106200)],
]);

const item = (cfop: string, total: number, icms: Partial<ItemFiscal>): ItemFiscal =>
  itemTeste({
    codigo: 'CAFE500',
    descricao: 'Café torrado 500g',
    cfop,
    valorTotal: total,
    cstIcms: '00',
    baseIcms: total,
    aliquotaIcms: 12,
    valorIcms: Math.round(total * 12) / 100,
    ...icms,
  });
const documento = (
  numero: number,
  participanteId: number,
  entrada: boolean,
  itens: ItemFiscal[],
): DocumentoFiscal => ({
  origem: entrada ? 'entrada' : 'nfe',
  id: numero,
  modelo: '55',
  indOper: entrada ? 0 : 1,
  indEmit: entrada ? 1 : 0,
  participanteId,
  cancelado: false,
  serie: 1,
  numero,
  chave: chave('55', numero),
  dataEmissao: '2024-05-10',
  dataEntradaSaida: '2024-05-10',
  valorTotal: itens.reduce((soma, i) => soma + i.valorTotal + i.valorIcmsSt, 0),
  valorDesconto: 0,
  valorProdutos: itens.reduce((soma, i) => soma + i.valorTotal, 0),
  valorFrete: 0,
  modalidadeFrete: 9,
  itens,
});

/** May 2024: ST retained inside SP (18) and to RJ (30), a devolução from RJ with ST (5), a DIFAL sale to MG. */
const movimento: MovimentoFiscal = {
  inicio: '2024-05-01',
  fim: '2024-05-31',
  documentos: [
    documento(1, 1, false, [
      item('5403', 100, { cstIcms: '10', aliquotaIcms: 18, valorIcms: 18, baseIcmsSt: 140, valorIcmsSt: 18 }),
    ]),
    documento(2, 2, false, [item('6403', 200, { cstIcms: '10', baseIcmsSt: 280, valorIcmsSt: 30 })]),
    documento(3, 2, true, [item('2411', 50, { cstIcms: '10', baseIcmsSt: 70, valorIcmsSt: 5 })]),
    documento(4, 3, false, [
      item('6108', 300, { valorIcmsUfDestino: 18, valorFcpUfDestino: 6 }),
      { ...item('6108', 100, { valorIcmsUfDestino: 6, valorFcpUfDestino: 2 }), numeroItem: 2 },
    ]),
  ],
  participantes,
  produtos: new Map(),
  inventarios: [],
  avisos: [],
};
const pedido = {
  filialId: 1,
  periodo: '2024-05',
  finalidade: 0 as const,
  perfil: 'A' as const,
  codigoReceita: '046-2',
  codigoReceitaSt: '100099',
  codigoReceitaDifal: '100102',
  codigoReceitaFcp: '100129',
};
const gerado = () => escreverSped(emitente, contador, movimento, pedido, null).linhas;
const de = (linhas: string[], registro: string) =>
  linhas.filter((linha) => linha.startsWith(`|${registro}|`)).map((linha) => linha.split('|').slice(1, -1));
const erros = (problemas: ProblemaArquivo[]) =>
  problemas.filter((problema) => problema.tipo === 'erro').map((p) => `${p.registro}.${p.campo}`);
const advertencias = (problemas: ProblemaArquivo[]) =>
  problemas.filter((problema) => problema.tipo === 'advertencia').map((p) => `${p.registro}.${p.campo}`);

/** Sets field `index` (REG = 0) of the `ordem`-th line of `registro`. */
const campo =
  (registro: string, index: number, valor: string, ordem = 0) =>
  (linhas: string[]) => {
    const alvo = linhas.map((l, i) => (l.startsWith(`|${registro}|`) ? i : -1)).filter((i) => i >= 0)[ordem];
    return linhas.map((linha, i) => {
      if (i !== alvo) return linha;
      const campos = linha.split('|');
      campos[index + 1] = valor;
      return campos.join('|');
    });
  };

describe('SPED: ICMS-ST by UF and DIFAL/FCP written from the month', () => {
  it('writes E200/E210/E250 per UF, C101 per document and E300/E310/E316 per destination UF', () => {
    const linhas = gerado();
    expect(de(linhas, 'E200').map((c) => c[1])).toEqual(['RJ', 'SP']);
    const [rj, sp] = de(linhas, 'E210');
    // RJ: retained 30, devolução 5 → 25 to pay. SP: retained 18.
    expect(rj).toEqual([
      'E210',
      '1',
      '0,00',
      '5,00',
      '0,00',
      '0,00',
      '0,00',
      '30,00',
      '0,00',
      '0,00',
      '25,00',
      '0,00',
      '25,00',
      '0,00',
      '0,00',
    ]);
    expect(sp?.[7]).toBe('18,00');
    expect(sp?.[12]).toBe('18,00');
    expect(de(linhas, 'E250').map((c) => [c[1], c[2], c[4], c[9]])).toEqual([
      ['999', '25,00', '100099', '052024'],
      ['002', '18,00', '100099', '052024'],
    ]);
    expect(de(linhas, 'C101')).toEqual([['C101', '8,00', '24,00', '0,00']]);
    expect(de(linhas, 'E300').map((c) => c[1])).toEqual(['MG']);
    const e310 = de(linhas, 'E310')[0]!;
    expect([e310[3], e310[7], e310[9], e310[13], e310[17], e310[19]]).toEqual([
      '24,00',
      '24,00',
      '24,00',
      '8,00',
      '8,00',
      '8,00',
    ]);
    expect(de(linhas, 'E316').map((c) => [c[1], c[2], c[4]])).toEqual([
      ['000', '24,00', '100102'],
      ['006', '8,00', '100129'],
    ]);
    // C101 follows its C100; block E in the Guia's order.
    const ordem = linhas.map((l) => l.slice(1, 5)).filter((r) => /^(C100|C101|C190|E\d{3})$/.test(r));
    expect(ordem.slice(ordem.indexOf('C101') - 1, ordem.indexOf('C101') + 1)).toEqual(['C100', 'C101']);
    expect(ordem.filter((r) => r.startsWith('E') && r !== 'E001' && r !== 'E990')).toEqual([
      'E100',
      'E110',
      'E116',
      'E200',
      'E210',
      'E250',
      'E200',
      'E210',
      'E250',
      'E300',
      'E310',
      'E316',
      'E316',
    ]);
    expect(validarSped(linhas)).toEqual([]);
  });

  it('writes no ST nor DIFAL register for a month without them', () => {
    const semSt = { ...movimento, documentos: [documento(9, 2, false, [item('6102', 100, {})])] };
    const linhas = escreverSped(emitente, contador, semSt, pedido, null).linhas;
    for (const registro of ['C101', 'E200', 'E210', 'E250', 'E300', 'E310', 'E316'])
      expect(de(linhas, registro)).toEqual([]);
  });

  it('refuses before generating when a código de receita is needed and missing, naming the field and the UFs', () => {
    const st = apuracaoSt(movimento, 'SP');
    const difal = apuracaoDifal(movimento, 'SP');
    expect(() => assertCodigosReceitaSubstituicao(pedido, st, difal)).not.toThrow();
    expect(() => assertCodigosReceitaSubstituicao({ ...pedido, codigoReceitaSt: ' ' }, st, difal)).toThrow(
      'Há ICMS-ST a recolher (RJ R$ 25,00, SP R$ 18,00): informe o código de receita do ICMS-ST (campo COD_REC do registro E250) antes de gerar o arquivo.',
    );
    expect(() => assertCodigosReceitaSubstituicao({ codigoReceitaSt: '1' }, st, difal)).toThrow(
      'Há DIFAL a recolher (MG R$ 24,00): informe o código de receita do DIFAL (campo COD_REC do registro E316); FCP a recolher (MG R$ 8,00): informe o código de receita do FCP (campo COD_REC do registro E316) antes de gerar o arquivo.',
    );
    // A UF whose devoluções exceed the retention owes nothing: no code needed, the credit is carried.
    const soDevolucao = { ...movimento, documentos: [movimento.documentos[2]!] };
    const credor = apuracaoSt(soDevolucao, 'SP');
    expect(credor).toEqual([
      { uf: 'RJ', retencao: 0, devolucao: 5, ressarcimento: 0, recolher: 0, credorTransportar: 5 },
    ]);
    expect(() => assertCodigosReceitaSubstituicao({}, credor, [])).not.toThrow();
    const linhas = escreverSped(
      emitente,
      contador,
      soDevolucao,
      { ...pedido, codigoReceitaSt: '' },
      null,
    ).linhas;
    expect(de(linhas, 'E250')).toEqual([]);
    expect(erros(validarSped(linhas))).toEqual([]);
  });
});

describe('Validator: ST and DIFAL/FCP rules, each failing when broken', () => {
  const casos: Array<[string, (linhas: string[]) => string[], string]> = [
    ['E210 arithmetic (saldo devedor)', campo('E210', 10, '26,00'), 'E210.VL_SLD_DEV_ANT_ST'],
    ['E210 arithmetic (a recolher)', campo('E210', 12, '24,00'), 'E210.VL_SLD_DEV_ANT_ST'],
    ['E210 retenção = Σ C190 VL_ICMS_ST of the UF', campo('C190', 8, '31,00', 1), 'E210.VL_RETENCAO_ST'],
    ['E210 devolução = Σ C190 of x411 of the UF', campo('C190', 8, '6,00', 2), 'E210.VL_DEVOL_ST'],
    ['Σ by UF: the E200 of RJ declared as PR', campo('E200', 1, 'PR'), 'E200.UF'],
    ['E200 twice for one UF', campo('E200', 1, 'RJ', 1), 'E200.UF'],
    ['E200 period outside the file', campo('E200', 3, '01062024'), 'E200.DT_FIN'],
    ['E300 period outside the file', campo('E300', 2, '30042024'), 'E300.DT_FIN'],
    ['E250 = E210 saldo a recolher', campo('E250', 2, '20,00'), 'E250.VL_OR'],
    ['E250 with COD_REC empty', campo('E250', 4, ''), 'E250.COD_REC'],
    ['E250 layout (COD_OR size)', campo('E250', 1, '9999'), 'E250.COD_OR'],
    ['E310 DIFAL arithmetic', campo('E310', 9, '23,00'), 'E310.VL_SLD_DEV_ANT_DIFAL'],
    ['E310 FCP arithmetic', campo('E310', 17, '7,00'), 'E310.VL_SLD_DEV_ANT_FCP'],
    ['E310 DIFAL = Σ C101 of the UF', campo('C101', 2, '25,00'), 'E310.VL_TOT_DEBITOS_DIFAL'],
    ['E310 FCP = Σ C101 of the UF', campo('C101', 1, '9,00'), 'E310.VL_TOT_DEB_FCP'],
    ['E300 of another UF than the C101', campo('E300', 1, 'BA'), 'E300.UF'],
    ['E316 = DIFAL + FCP a recolher', campo('E316', 2, '1,00', 1), 'E316.VL_OR'],
    ['E316 with COD_REC empty', campo('E316', 4, ''), 'E316.COD_REC'],
    ['C101 layout (decimal comma)', campo('C101', 2, '24.00'), 'C101.VL_ICMS_UF_DEST'],
    [
      'E310 field count',
      (l) => l.map((x) => (x.startsWith('|E310|') ? x.replace(/\|0,00\|$/, '|') : x)),
      'E310.REG',
    ],
    [
      'hierarchy (E250 without its E210)',
      (l) => {
        const i = l.findIndex((x) => x.startsWith('|E250|'));
        const copia = [...l];
        [copia[i - 1], copia[i]] = [copia[i]!, copia[i - 1]!];
        return copia;
      },
      'E250.REG',
    ],
    [
      'hierarchy (C101 away from its C100)',
      (l) => {
        const c101 = l.find((x) => x.startsWith('|C101|'))!;
        const semC101 = l.filter((x) => x !== c101);
        const d001 = semC101.findIndex((x) => x.startsWith('|D001|'));
        return [...semC101.slice(0, d001 + 1), c101, ...semC101.slice(d001 + 1)];
      },
      'C101.REG',
    ],
  ];
  it('passes the generated file', () => {
    expect(validarSped(gerado())).toEqual([]);
  });
  it('reports a participant without município once, as 0150, not again in the sums by UF', () => {
    const semMunicipio = new Map(participantes);
    semMunicipio.set(3, { ...participantes.get(3)!, codigoMunicipio: null });
    const linhas = escreverSped(
      emitente,
      contador,
      { ...movimento, participantes: semMunicipio },
      pedido,
      null,
    ).linhas;
    expect(de(linhas, 'E300').map((c) => c[1])).toEqual(['MG']);
    expect(erros(validarSped(linhas))).toEqual(['0150.COD_MUN']);
  });
  it.each(casos)('%s: fails when broken', (_nome, quebrar, esperado) => {
    const problemas = validarSped(quebrar(gerado()));
    expect(erros(problemas)).toContain(esperado);
    for (const problema of problemas) {
      expect(problema.mensagem).not.toBe('');
      expect(problema.correcao).not.toBe('');
    }
  });
});

describe('Validator: obligation codes (Tabela 5.4) and the E210 credits by CFOP (tabelasSped)', () => {
  const casosErro: Array<[string, (linhas: string[]) => string[], string]> = [
    ['E250 code outside the Tabela 5.4', campo('E250', 1, '123'), 'E250.COD_OR'],
    ['E250 of another UF with 002 (saídas para o Estado)', campo('E250', 1, '002'), 'E250.COD_OR'],
    ['E250 of the own UF with 999 (saídas para outro Estado)', campo('E250', 1, '999', 1), 'E250.COD_OR'],
    ['E116 code outside the Tabela 5.4', campo('E116', 1, '007'), 'E116.COD_OR'],
    ['E316 code outside the Tabela 5.4', campo('E316', 1, '100'), 'E316.COD_OR'],
    ['E116 with a code E116 does not take (999)', campo('E116', 1, '999'), 'E116.COD_OR'],
    ['E316 with a code E316 does not take (002)', campo('E316', 1, '002'), 'E316.COD_OR'],
    ['E250 with a code E250 does not take (000)', campo('E250', 1, '000'), 'E250.COD_OR'],
    ['E250 MES_REF after the month of the file', campo('E250', 9, '062024'), 'E250.MES_REF'],
    ['E116 MES_REF after the month of the file', campo('E116', 9, '012025'), 'E116.MES_REF'],
  ];
  it.each(casosErro)('%s: an error', (_nome, quebrar, esperado) => {
    expect(erros(validarSped(quebrar(gerado())))).toEqual([esperado]);
  });

  const casosAdvertencia: Array<[string, (linhas: string[]) => string[], string]> = [
    ['the FCP of E316 under 000 instead of 006', campo('E316', 1, '000', 1), 'E316.COD_OR'],
  ];
  it.each(casosAdvertencia)('%s: an advertência, not an error', (_nome, quebrar, esperado) => {
    const problemas = validarSped(quebrar(gerado()));
    expect(erros(problemas)).toEqual([]);
    expect(advertencias(problemas)).toContain(esperado);
  });

  it('writes VL_RESSARC_ST from the ressarcimento notes (CFOP 1603/2603) and checks it against the C190', () => {
    const ressarcimento = documento(5, 1, true, [
      item('1603', 10, { cstIcms: '10', baseIcmsSt: 10, valorIcmsSt: 2 }),
    ]);
    const comRessarcimento = { ...movimento, documentos: [...movimento.documentos, ressarcimento] };
    const linhas = escreverSped(emitente, contador, comRessarcimento, pedido, null).linhas;
    const sp = de(linhas, 'E210')[1]!;
    // SP: retained 18, ressarcimento 2 → 16 to pay.
    expect([sp[4], sp[7], sp[10], sp[12]]).toEqual(['2,00', '18,00', '16,00', '16,00']);
    expect(de(linhas, 'E250').map((c) => [c[1], c[2]])).toEqual([
      ['999', '25,00'],
      ['002', '16,00'],
    ]);
    expect(validarSped(linhas)).toEqual([]);
    expect(erros(validarSped(campo('E210', 4, '0,00', 1)(linhas)))).toContain('E210.VL_RESSARC_ST');
  });

  it("books a supplier's ST on a purchase in the goods' value, not as ST (Guia, C100, pergunta 3)", () => {
    const compraSp = documento(6, 1, true, [
      item('1403', 100, { cstIcms: '10', baseIcmsSt: 140, valorIcmsSt: 18 }),
    ]);
    const linhas = escreverSped(
      emitente,
      contador,
      { ...movimento, documentos: [...movimento.documentos, compraSp] },
      pedido,
      null,
    ).linhas;
    const compra = linhas.findIndex((l) => l.startsWith('|C100|0|1|1|55|00|001|6|'));
    const [c100, c170, c190] = linhas.slice(compra, compra + 3).map((l) => l.split('|').slice(1, -1));
    // VL_DOC and VL_OPR keep the 118,00 paid; VL_MERC and VL_ITEM carry the ST; no ST field is informed.
    expect([c100![11], c100![15], c100![22], c100![23]]).toEqual(['118,00', '118,00', '0,00', '0,00']);
    expect([c170![0], c170![6], c170![15], c170![17]]).toEqual(['C170', '118,00', '0,00', '0,00']);
    expect([c190![0], c190![4], c190![7], c190![8]]).toEqual(['C190', '118,00', '0,00', '0,00']);
    // SP's E210 is the one of the saídas: nothing of the purchase reaches it.
    expect(de(linhas, 'E210')[1]?.[5]).toBe('0,00');
    expect(validarSped(linhas)).toEqual([]);

    // The same ST left in the C190 of the purchase: an error of E210 campo 06 in SP, of E200 in MG.
    // split('|') puts '' before REG: VL_BC_ICMS_ST (C190 campo 08) is at 8, VL_ICMS_ST at 9.
    const stNoC190 = (linhasDe: string[], indice: number) =>
      linhasDe.map((x, i) => {
        if (i !== indice) return x;
        const c = x.split('|');
        c[8] = '140,00';
        c[9] = '18,00';
        return c.join('|');
      });
    const stNoC100 = (linhasDe: string[], indice: number) =>
      linhasDe.map((x, i) => {
        if (i !== indice) return x;
        const c = x.split('|');
        c[23] = '140,00';
        c[24] = '18,00';
        return c.join('|');
      });
    const quebradoSp = stNoC100(stNoC190(linhas, compra + 2), compra);
    expect(erros(validarSped(quebradoSp))).toEqual(['E210.VL_OUT_CRED_ST']);

    const compraMg = { ...compraSp, participanteId: 3, itens: [{ ...compraSp.itens[0]!, cfop: '2403' }] };
    const mg = escreverSped(
      emitente,
      contador,
      { ...movimento, documentos: [...movimento.documentos, compraMg] },
      pedido,
      null,
    ).linhas;
    expect(validarSped(mg)).toEqual([]);
    const compraMgIndice = mg.findIndex((l) => l.startsWith('|C100|0|1|3|55|00|001|6|'));
    const quebradoMg = stNoC100(stNoC190(mg, compraMgIndice + 2), compraMgIndice);
    expect(erros(validarSped(quebradoMg))).toEqual(['E200.UF']);
  });
});
