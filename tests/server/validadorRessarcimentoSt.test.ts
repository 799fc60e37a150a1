import { describe, expect, it } from 'vitest';
import { EscritaSped } from '../../runtime/server/services/arquivosFiscais/escritaSped.ts';
import {
  LEIAUTES_SPED,
  type ProblemaArquivo,
  problemasArquivo,
} from '../../runtime/server/services/arquivosFiscais/validadorArquivo.ts';
import { chave } from '../support/seedArquivosFiscais.ts';

/**
 * Issue 22: the ICMS-ST ressarcimento (C176) and restituição/complementação (C180, C181, C185, C186)
 * registers the product does not write but validates (a file completed elsewhere): their layouts as data,
 * their place in the hierarchy and their rules, each with a passing file and the same file broken once.
 */

const VAZIO = '0,000000';

/**
 * May 2024 of an SP company: a supplier's note with ST (C170 + C180 + C176) and a sale of the same goods
 * (C185), both of participant P1 (SP), the block E balance with the entrada's ICMS as credit.
 */
function sped(opcoes: { c181?: boolean; c186?: boolean } = {}): string[] {
  const e = new EscritaSped();
  e.add(
    '0000',
    '018',
    '0',
    '01052024',
    '31052024',
    'Empresa Teste Ltda',
    '11444777000161',
    '',
    'SP',
    '110042490114',
    '3550308',
    '',
    '',
    'A',
    '1',
  );
  e.bloco('0', () => {
    e.add(
      '0005',
      'Teste',
      '01310100',
      'Avenida Paulista',
      '1000',
      '',
      'Bela Vista',
      '1133334444',
      '',
      'a@b.com.br',
    );
    e.add(
      '0100',
      'Carla',
      '52998224725',
      'SP123',
      '',
      '01001000',
      'Praça',
      '10',
      '',
      'Sé',
      '',
      '',
      'c@d.com.br',
      '3550308',
    );
    e.add(
      '0150',
      'P1',
      'Distribuidora SP',
      '01058',
      '60746948000112',
      '',
      '',
      '3550308',
      '',
      'Rua A',
      '1',
      '',
      'Centro',
    );
    e.add('0190', 'UN', 'Unidade');
    e.add('0200', 'CERV', 'Cerveja lata', '', '', 'UN', '00', '22030000', '', '22', '', '', '');
  });
  e.bloco('B', () => {});
  e.bloco('C', () => {
    // Entrada with ST retained by the supplier: 10 units, 100,00, ICMS 12,00, ST 18,00 — booked in the goods'
    // value (VL_MERC, VL_ITEM), the ST fields empty (Guia, C100, pergunta 3); C180 carries the ST per unit.
    e.add(
      'C100',
      '0',
      '1',
      'P1',
      '55',
      '00',
      '001',
      '201',
      chave('55', 201),
      '02052024',
      '03052024',
      '118,00',
      '2',
      '0,00',
      '0,00',
      '118,00',
      '9',
      '0,00',
      '0,00',
      '0,00',
      '100,00',
      '12,00',
      '0,00',
      '0,00',
      '0,00',
      '0,00',
      '0,00',
      '0,00',
      '0,00',
    );
    e.add(
      'C170',
      '1',
      'CERV',
      '',
      '10,00000',
      'UN',
      '118,00',
      '0,00',
      '0',
      '010',
      '1403',
      '',
      '100,00',
      '12,00',
      '12,00',
      '0,00',
      '',
      '0,00',
      ...Array<string>(19).fill(''),
      '0,00',
    );
    // Under the item: C180 (or, for a devolução de saída, C181 — never both).
    if (opcoes.c181)
      e.add(
        'C181',
        'SP500',
        '1,000000',
        'UN',
        '55',
        '',
        '',
        '',
        chave('55', 101),
        '10052024',
        '1',
        ...Array<string>(10).fill('1,000000'),
      );
    else
      e.add('C180', '1', '10,000000', 'UN', '10,000000', '1,200000', '14,000000', '1,800000', VAZIO, '', '');
    e.add('C190', '010', '1403', '12,00', '118,00', '100,00', '12,00', '0,00', '0,00', '0,00', '0,00', '');
    // Saída of the goods received with ST (CST 060): no ICMS of its own; C170 + C176 (ressarcimento naming the
    // last entrada, 201) and C185 (or, for a devolução de entrada, C186 — never both).
    e.add(
      'C100',
      '1',
      '0',
      'P1',
      '55',
      '00',
      '001',
      '101',
      chave('55', 101),
      '06052024',
      '06052024',
      '50,00',
      '2',
      '0,00',
      '0,00',
      '50,00',
      '9',
      '0,00',
      '0,00',
      '0,00',
      '0,00',
      '0,00',
      '0,00',
      '0,00',
      '0,00',
      '0,00',
      '0,00',
      '0,00',
      '0,00',
    );
    e.add(
      'C170',
      '1',
      'CERV',
      '',
      '5,00000',
      'UN',
      '50,00',
      '0,00',
      '0',
      '060',
      '5405',
      '',
      '0,00',
      '0,00',
      '0,00',
      '0,00',
      '',
      '0,00',
      ...Array<string>(19).fill(''),
      '0,00',
    );
    e.add(
      'C176',
      '55',
      '201',
      '001',
      '02052024',
      'P1',
      '10,000',
      '10,000',
      '14,000',
      chave('55', 201),
      '1',
      '10,00',
      '12,00',
      '10,00',
      '1,200',
      '18,00',
      '1,320',
      '1',
      '9',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '0,000',
    );
    if (opcoes.c186)
      e.add(
        'C186',
        '1',
        'CERV',
        '060',
        '5411',
        'SP400',
        '1,000000',
        'UN',
        '55',
        '',
        '',
        chave('55', 201),
        '02052024',
        '1',
        '10,000000',
        '1,200000',
        '14,000000',
        '1,800000',
        VAZIO,
      );
    else
      e.add(
        'C185',
        '1',
        'CERV',
        '060',
        '5405',
        'SP000',
        '5,000000',
        'UN',
        '10,000000',
        '1,800000',
        '1,200000',
        '1,200000',
        '1,800000',
        VAZIO,
        VAZIO,
        VAZIO,
        VAZIO,
        VAZIO,
      );
    e.add('C190', '060', '5405', '0,00', '50,00', '0,00', '0,00', '0,00', '0,00', '0,00', '0,00', '');
  });
  e.bloco('D', () => {});
  e.bloco('E', () => {
    e.add('E100', '01052024', '31052024');
    e.add(
      'E110',
      '0,00',
      '0,00',
      '0,00',
      '0,00',
      '12,00',
      '0,00',
      '0,00',
      '0,00',
      '0,00',
      '0,00',
      '0,00',
      '0,00',
      '12,00',
      '0,00',
    );
  });
  e.bloco('G', () => {});
  e.bloco('H', () => {});
  e.bloco('K', () => {});
  e.bloco('1', () => e.add('1010', ...Array<string>(13).fill('N')));
  e.encerrar();
  return e.linhas;
}

/** Sets field `index` (REG = 0) of the first line of `registro`. */
const campo = (registro: string, index: number, valor: string) => (linhas: string[]) =>
  linhas.map((linha, i) => {
    if (i !== linhas.findIndex((l) => l.startsWith(`|${registro}|`))) return linha;
    const campos = linha.split('|');
    campos[index + 1] = valor;
    return campos.join('|');
  });
/** Moves the first line of `registro` to just after the first line of `depois`. */
const mover = (registro: string, depois: string) => (linhas: string[]) => {
  const i = linhas.findIndex((l) => l.startsWith(`|${registro}|`));
  const linha = linhas[i]!;
  const sem = linhas.filter((_, j) => j !== i);
  const alvo = sem.findIndex((l) => l.startsWith(`|${depois}|`));
  return [...sem.slice(0, alvo + 1), linha, ...sem.slice(alvo + 1)];
};
const erros = (problemas: ProblemaArquivo[]) =>
  problemas.filter((problema) => problema.tipo === 'erro').map((p) => `${p.registro}.${p.campo}`);

describe('SPED validator: C176 and C180–C186 (ICMS-ST ressarcimento, restituição, complementação)', () => {
  it('keeps their layouts as data, with the field counts of the Guia Prático', () => {
    expect(LEIAUTES_SPED.get('C176')).toHaveLength(26);
    expect(LEIAUTES_SPED.get('C180')).toHaveLength(10);
    expect(LEIAUTES_SPED.get('C181')).toHaveLength(20);
    expect(LEIAUTES_SPED.get('C185')).toHaveLength(17);
    expect(LEIAUTES_SPED.get('C186')).toHaveLength(18);
  });

  it('passes a file with C180 under the entrada item, C176 under the saída item and C185; or C181 and C186', () => {
    expect(problemasArquivo('sped', sped(), [])).toEqual([]);
    expect(problemasArquivo('sped', sped({ c181: true, c186: true }), [])).toEqual([]);
  });

  const chaveErrada = (numero: number) =>
    `${chave('55', numero).slice(0, 43)}${(Number(chave('55', numero)[43]) + 1) % 10}`;
  const casos: Array<[string, (linhas: string[]) => string[], string]> = [
    [
      'C180 field count',
      (l) => l.map((x) => (x.startsWith('|C180|') ? x.replace('|||', '||') : x)),
      'C180.REG',
    ],
    ['C180 required field empty (QUANT_CONV)', campo('C180', 2, ''), 'C180.QUANT_CONV'],
    ['C180 decimals (6 at most)', campo('C180', 4, '10,0000001'), 'C180.VL_UNIT_CONV'],
    ['C180 outside the hierarchy (after C190)', mover('C180', 'C190'), 'C180.REG'],
    ['C180 responsible outside 1–3', campo('C180', 1, '4'), 'C180.COD_RESP_RET'],
    ['C180 COD_DA outside 0/1', campo('C180', 9, '2'), 'C180.COD_DA'],
    ['C180 unit without 0190', campo('C180', 3, 'CX'), 'C180.UNID'],
    ['C180 zero quantity', campo('C180', 2, '0,000000'), 'C180.QUANT_CONV'],
    ['C180 under a saída', mover('C180', 'C176'), 'C180.REG'],
    ['C176 under an entrada', mover('C176', 'C170'), 'C176.REG'],
    ['C176 participant without 0150', campo('C176', 5, 'P9'), 'C176.COD_PART_ULT_E'],
    ['C176 model other than 01/55', campo('C176', 1, '65'), 'C176.COD_MOD_ULT_E'],
    ['C176 access key check digit', campo('C176', 9, chaveErrada(201)), 'C176.CHAVE_NFE_ULT_E'],
    ['C176 NF-e without its key', campo('C176', 9, ''), 'C176.CHAVE_NFE_ULT_E'],
    ['C176 last entrada after the DT_DOC of the saída', campo('C176', 4, '07052024'), 'C176.DT_ULT_E'],
    ['C176 ICMS ≠ alíquota × base limite', campo('C176', 14, '1,300'), 'C176.VL_UNIT_ICMS_ULT_E'],
    ['C176 ressarcimento ≠ base ST × alíquota ST − ICMS', campo('C176', 16, '1,000'), 'C176.VL_UNIT_RES'],
    ['C176 motive outside the table', campo('C176', 18, '7'), 'C176.COD_MOT_RES'],
    ['C176 retention NF-e with a direct sender', campo('C176', 19, chave('55', 150)), 'C176.CHAVE_NFE_RET'],
    ['C176 zero quantity', campo('C176', 6, '0,000'), 'C176.QUANT_ULT_E'],
    ['C185 under an entrada', mover('C185', 'C180'), 'C185.REG'],
    ['C185 item without 0200', campo('C185', 2, 'AGUA'), 'C185.COD_ITEM'],
    ['C185 CFOP of an entrada', campo('C185', 4, '1405'), 'C185.CFOP'],
    ['C185 motive of another UF (Tabela 5.7)', campo('C185', 5, 'MG000'), 'C185.COD_MOT_REST_COMPL'],
    ['C185 motive outside the Tabela 5.7 shape', campo('C185', 5, 'SP0001'), 'C185.COD_MOT_REST_COMPL'],
    ['C185 motive of a C181 (third character 5)', campo('C185', 5, 'SP500'), 'C185.COD_MOT_REST_COMPL'],
    ['C185 required CST empty', campo('C185', 3, ''), 'C185.CST_ICMS'],
  ];
  it.each(casos)('%s: fails when broken', (_nome, quebrar, esperado) => {
    const problemas = problemasArquivo('sped', quebrar(sped()), []);
    expect(erros(problemas)).toContain(esperado);
    for (const problema of problemas) {
      expect(problema.mensagem).not.toBe('');
      expect(problema.correcao).not.toBe('');
    }
  });

  const casosDevolucao: Array<[string, (linhas: string[]) => string[], string]> = [
    ['C181 under a saída', mover('C181', 'C176'), 'C181.REG'],
    ['C181 model of the saída outside the table', campo('C181', 4, '57'), 'C181.COD_MOD_SAIDA'],
    ['C181 electronic saída without its key', campo('C181', 8, ''), 'C181.CHV_DFE_SAIDA'],
    ['C181 date of the saída after the period', campo('C181', 9, '01062024'), 'C181.DT_DOC_SAIDA'],
    ['C181 key of the saída', campo('C181', 8, chaveErrada(101)), 'C181.CHV_DFE_SAIDA'],
    ['C181 motive of a C185 (third character 0)', campo('C181', 1, 'SP000'), 'C181.COD_MOT_REST_COMPL'],
    ['C186 model of the entrada outside the table', campo('C186', 8, '65'), 'C186.COD_MOD_ENTRADA'],
    ['C186 date of the entrada after the period', campo('C186', 12, '01062024'), 'C186.DT_DOC_ENTRADA'],
    ['C186 unit without 0190', campo('C186', 7, 'CX'), 'C186.UNID'],
    ['C186 motive other than 4 in the third character', campo('C186', 5, 'SP000'), 'C186.COD_MOT_REST_COMPL'],
  ];
  it.each(casosDevolucao)('%s: fails when broken', (_nome, quebrar, esperado) => {
    expect(erros(problemasArquivo('sped', quebrar(sped({ c181: true, c186: true })), []))).toContain(
      esperado,
    );
  });

  it('refuses C180 and C181 under one item, and C185 and C186 in one document', () => {
    const ambos = (linhas: string[]) => {
      const c180 = sped().find((l) => l.startsWith('|C180|'))!;
      const c185 = sped().find((l) => l.startsWith('|C185|'))!;
      const comC180 = linhas.flatMap((l) => (l.startsWith('|C181|') ? [c180, l] : [l]));
      return comC180.flatMap((l) => (l.startsWith('|C186|') ? [c185, l] : [l]));
    };
    // The inserted lines also change the block and file counts (C990, 9900, 9999); the rule is the C18x one.
    const problemas = problemasArquivo('sped', ambos(sped({ c181: true, c186: true })), []).filter((p) =>
      p.registro.startsWith('C18'),
    );
    expect(erros(problemas)).toEqual(['C181.REG', 'C186.REG']);
    expect(problemas.map((p) => p.mensagem)).toEqual([
      'C181 e C180 no mesmo item (C170): o Guia Prático admite só um deles.',
      'C186 e C185 no mesmo documento (C100): o Guia Prático admite só um deles.',
    ]);
  });
});
