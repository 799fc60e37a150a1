import { describe, expect, it } from 'vitest';
import { EscritaSped } from '../../runtime/server/services/arquivosFiscais/escritaSped.ts';
import { alfa, num } from '../../runtime/server/services/arquivosFiscais/formatoArquivo.ts';
import {
  type ProblemaArquivo,
  problemasArquivo,
  validarSintegra,
} from '../../runtime/server/services/arquivosFiscais/validadorArquivo.ts';
import { chave } from '../support/seedArquivosFiscais.ts';

/** The in-product validator, rule by rule: a clean file passes, the same file broken in one place fails. */

function spedBase(perfil = 'A', icmsC170?: string, blocoK = false): string[] {
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
    perfil,
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
      'Cliente Ltda',
      '01058',
      '04252011000110',
      '',
      '81123403',
      '3304557',
      '',
      'Rua A',
      '1',
      '',
      'Centro',
    );
    e.add('0190', 'UN', 'Unidade');
    e.add('0200', 'CAFE', 'Café', '', '', 'UN', '00', '09012100', '', '09', '', '', '');
    e.add('0500', '01052024', '01', 'A', '4', '1.1.4.01', 'Estoque');
  });
  e.bloco('B', () => {});
  e.bloco('C', () => {
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
      '05052024',
      '05052024',
      '100,00',
      '2',
      '0,00',
      '0,00',
      '100,00',
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
    if (icmsC170 !== undefined)
      e.add(
        'C170',
        '1',
        'CAFE',
        '',
        '1,00000',
        'UN',
        '100,00',
        '0,00',
        '0',
        '000',
        '6102',
        '',
        '100,00',
        '12,00',
        icmsC170,
        '0,00',
        '',
        '0,00',
        ...Array<string>(19).fill(''),
        '0,00',
      );
    e.add('C190', '000', '6102', '12,00', '100,00', '100,00', '12,00', '0,00', '0,00', '0,00', '0,00', '');
  });
  e.bloco('D', () => {});
  e.bloco('E', () => {
    e.add('E100', '01052024', '31052024');
    e.add(
      'E110',
      '12,00',
      '0,00',
      '0,00',
      '0,00',
      '0,00',
      '0,00',
      '0,00',
      '0,00',
      '0,00',
      '12,00',
      '0,00',
      '12,00',
      '0,00',
      '0,00',
    );
    e.add('E116', '000', '12,00', '10062024', '046-2', '', '', '', '', '052024');
  });
  e.bloco('G', () => {});
  e.bloco('H', () => {
    e.add('H005', '31052024', '70,00', '01');
    e.add('H010', 'CAFE', 'UN', '7,000', '10,000000', '70,00', '0', '', '', '1.1.4.01', '');
  });
  e.bloco('K', () => {
    if (!blocoK) return;
    e.add('K010', '2');
    e.add('K100', '01052024', '31052024');
    e.add('K200', '31052024', 'CAFE', '7,000', '0', '');
  });
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
/** Swaps the first line of `registro` with the line after it. */
const trocarComSeguinte = (registro: string) => (linhas: string[]) => {
  const i = linhas.findIndex((l) => l.startsWith(`|${registro}|`));
  const copia = [...linhas];
  [copia[i], copia[i + 1]] = [copia[i + 1]!, copia[i]!];
  return copia;
};
const erros = (problemas: ProblemaArquivo[]) =>
  problemas.filter((problema) => problema.tipo === 'erro').map((p) => `${p.registro}.${p.campo}`);

describe('SPED validator', () => {
  it('passes a clean file', () => {
    expect(problemasArquivo('sped', spedBase(), [])).toEqual([]);
  });

  const casos: Array<[string, (linhas: string[]) => string[], string]> = [
    ['required field empty (COD_REC of E116)', campo('E116', 4, ''), 'E116.COD_REC'],
    ['required in perfil A (COD_CTA of H010)', campo('H010', 9, ''), 'H010.COD_CTA'],
    [
      'field count',
      (l) => l.map((x) => (x.startsWith('|C190|') ? x.replace('|0,00||', '||') : x)),
      'C190.REG',
    ],
    ['date format', campo('C100', 9, '32052024'), 'C100.DT_DOC'],
    ['decimal comma', campo('C100', 11, '100.00'), 'C100.VL_DOC'],
    ['exact digits (CFOP)', campo('C190', 2, '610'), 'C190.CFOP'],
    ['text size (SER)', campo('C100', 6, '0001'), 'C100.SER'],
    ['CNPJ check digit', campo('0000', 6, '11444777000162'), '0000.CNPJ'],
    ['CPF check digit', campo('0100', 2, '52998224724'), '0100.CPF'],
    ['participant CNPJ check digit', campo('0150', 4, '04252011000111'), '0150.CNPJ'],
    ['participant without IBGE city', campo('0150', 7, ''), '0150.COD_MUN'],
    ['IE check digit of the company (UF SP)', campo('0000', 9, '110042490115'), '0000.IE'],
    ['IE of the company for another UF', campo('0000', 8, 'RJ'), '0000.IE'],
    ['participant IE check digit (UF of COD_MUN, RJ)', campo('0150', 6, '81123404'), '0150.IE'],
    ['participant IE of another UF', campo('0150', 7, '3550308'), '0150.IE'],
    [
      'access key check digit',
      campo('C100', 8, `${chave('55', 101).slice(0, 43)}${(Number(chave('55', 101)[43]) + 1) % 10}`),
      'C100.CHV_NFE',
    ],
    ['access key model', campo('C100', 8, chave('65', 101)), 'C100.CHV_NFE'],
    ['hierarchy (C190 before its C100)', trocarComSeguinte('C100'), 'C190.REG'],
    ['cross reference (COD_PART without 0150)', campo('C100', 3, 'P2'), 'C100.COD_PART'],
    ['cross reference (COD_ITEM without 0200)', campo('H010', 1, 'CHA'), 'H010.COD_ITEM'],
    ['cross reference (COD_CTA without 0500)', campo('H010', 9, '9.9'), 'H010.COD_CTA'],
    ['C100 = Σ C190 (ICMS)', campo('C100', 21, '11,00'), 'C100.VL_ICMS'],
    ['E110 debits = Σ C190 of saídas', campo('E110', 1, '13,00'), 'E110.VL_TOT_DEBITOS'],
    ['E110 arithmetic', campo('E110', 10, '11,00'), 'E110.VL_SLD_APURADO'],
    ['E116 = ICMS a recolher', campo('E116', 2, '11,00'), 'E116.VL_OR'],
    ['H005 = Σ H010', campo('H005', 2, '71,00'), 'H005.VL_INV'],
    ['DT_E_S after the period', campo('C100', 10, '01062024'), 'C100.DT_E_S'],
    ['DT_DOC after the period', campo('C100', 9, '01062024'), 'C100.DT_DOC'],
    ['block count (C990)', campo('C990', 1, '9'), 'C990.QTD_LIN_C'],
    [
      'register count (9900)',
      (l) => l.map((x) => (x === '|9900|C100|1|' ? '|9900|C100|2|' : x)),
      '9900.QTD_REG_BLC',
    ],
    ['file count (9999)', (l) => [...l.slice(0, -1), `|9999|${l.length + 1}|`], '9999.QTD_LIN'],
    ['unknown register', campo('1010', 0, '1011'), '1011.REG'],
    ['IND_MOV of an empty block', campo('D001', 1, '0'), 'D001.IND_MOV'],
  ];
  it.each(casos)('%s: fails when broken', (_nome, quebrar, esperado) => {
    const problemas = problemasArquivo('sped', quebrar(spedBase()), []);
    expect(erros(problemas)).toContain(esperado);
    for (const problema of problemas) {
      expect(problema.mensagem).not.toBe('');
      expect(problema.correcao).not.toBe('');
    }
  });

  it('passes block K restricted to stock balances (K010, K100, K200)', () => {
    expect(problemasArquivo('sped', spedBase('A', undefined, true), [])).toEqual([]);
  });

  const casosK: Array<[string, (linhas: string[]) => string[], string]> = [
    ['K200 date other than the K100 end', campo('K200', 1, '30052024'), 'K200.DT_EST'],
    ['K200 item without 0200', campo('K200', 2, 'CHA'), 'K200.COD_ITEM'],
    ['K200 without quantity', campo('K200', 3, '0,000'), 'K200.QTD'],
    ['K200 own stock with a participant', campo('K200', 5, 'P1'), 'K200.COD_PART'],
    ['K200 stock with third parties without a participant', campo('K200', 4, '1'), 'K200.COD_PART'],
    ['K100 outside the period', campo('K100', 2, '30062024'), 'K100.DT_FIN'],
    ['K010 unknown layout', campo('K010', 1, '3'), 'K010.IND_TP_LEIAUTE'],
    ['block K with data without K010', (l) => l.filter((x) => !x.startsWith('|K010|')), 'K001.IND_MOV'],
    ['hierarchy (K200 before its K100)', trocarComSeguinte('K100'), 'K200.REG'],
  ];
  it.each(casosK)('%s: fails when broken', (_nome, quebrar, esperado) => {
    const problemas = problemasArquivo('sped', quebrar(spedBase('A', undefined, true)), []);
    expect(erros(problemas)).toContain(esperado);
  });

  it('accepts ISENTO and a participant without IE', () => {
    expect(erros(problemasArquivo('sped', campo('0150', 6, 'ISENTO')(spedBase()), []))).toEqual([]);
    expect(erros(problemasArquivo('sped', campo('0150', 6, '')(spedBase()), []))).toEqual([]);
  });

  it('C190 = Σ C170 per CST, CFOP and alíquota: passes when equal, fails when an item differs', () => {
    expect(problemasArquivo('sped', spedBase('A', '12,00'), [])).toEqual([]);
    expect(erros(problemasArquivo('sped', spedBase('A', '11,00'), []))).toEqual(['C190.VL_ICMS']);
  });

  it('requires COD_CTA only in perfis A and B', () => {
    expect(erros(problemasArquivo('sped', campo('H010', 9, '')(spedBase('C')), []))).toEqual([]);
    expect(erros(problemasArquivo('sped', campo('H010', 9, '')(spedBase('B')), []))).toEqual([
      'H010.COD_CTA',
    ]);
  });

  it('accepts a cancelled C100 with only its identification and refuses one with values', () => {
    const cancelado = (l: string[]) =>
      l
        .map((x) =>
          x.startsWith('|C100|') ? `|C100|1|0||55|02|001|101|${chave('55', 101)}${'|'.repeat(21)}` : x,
        )
        .filter((x) => !x.startsWith('|C190|'));
    const linhas = cancelado(spedBase());
    const problemas = erros(problemasArquivo('sped', linhas, []));
    expect(problemas.filter((p) => p.startsWith('C100'))).toEqual([]);
    const comValor = linhas.map((x) => (x.startsWith('|C100|') ? x.replace(/\|\|\|$/, '|1,00||') : x));
    expect(
      erros(problemasArquivo('sped', comValor, [])).filter((p) => p.startsWith('C100.VL_')),
    ).toHaveLength(1);
  });

  it('lists the generator avisos as advertências, never as errors', () => {
    const problemas = problemasArquivo('sped', spedBase(), [
      { referencia: 'Produto X', mensagem: 'Produto sem NCM.' },
    ]);
    expect(problemas).toEqual([
      expect.objectContaining({ tipo: 'advertencia', campo: 'Produto X', mensagem: 'Produto sem NCM.' }),
    ]);
  });
});

function sintegraBase(): string[] {
  const cnpj = '11444777000161';
  const linhas = [
    `10${cnpj}${alfa('110042490114', 14)}${alfa('EMPRESA', 35)}${alfa('SAO PAULO', 30)}SP${num(0, 10)}2024050120240531331`,
    `11${alfa('AVENIDA', 34)}${num(1000, 5)}${alfa('', 22)}${alfa('CENTRO', 15)}${num('01310100', 8)}${alfa('CARLA', 28)}${num('1133334444', 12)}`,
    `5004252011000110${alfa('81123403', 14)}20240505RJ55${alfa('1', 3)}${num(101, 6)}6102P${num(100, 13, 2)}${num(100, 13, 2)}${num(12, 13, 2)}${num(0, 13, 2)}${num(0, 13, 2)}${num(12, 4, 2)}N`,
    `5404252011000110${'55'}${alfa('1', 3)}${num(101, 6)}6102${alfa('000', 3)}001${alfa('CAFE', 14)}${num(1, 11, 3)}${num(100, 12, 2)}${num(0, 12, 2)}${num(100, 12, 2)}${num(0, 12, 2)}${num(0, 12, 2)}${num(12, 4, 2)}`,
    `7420240531${alfa('CAFE', 14)}${num(7, 13, 3)}${num(70, 13, 2)}1${num(0, 14)}${alfa('', 14)}SP${' '.repeat(45)}`,
    `752024050120240531${alfa('CAFE', 14)}${alfa('09012100', 8)}${alfa('CAFE', 53)}${alfa('UN', 6)}${num(0, 5, 2)}${num(12, 4, 2)}${num(0, 5, 2)}${num(0, 13, 2)}`,
  ];
  const pares = `50${num(1, 8)}54${num(1, 8)}74${num(1, 8)}75${num(1, 8)}99${num(linhas.length + 1, 8)}`;
  linhas.push(`90${cnpj}${alfa('110042490114', 14)}${pares.padEnd(95)}1`);
  return linhas;
}

describe('Sintegra validator', () => {
  it('passes a clean file of 126-character records', () => {
    const linhas = sintegraBase();
    for (const linha of linhas) expect(linha).toHaveLength(126);
    expect(validarSintegra(linhas)).toEqual([]);
  });

  const troca = (tipo: string, inicio: number, valor: string) => (l: string[]) =>
    l.map((x) => (x.startsWith(tipo) ? `${x.slice(0, inicio)}${valor}${x.slice(inicio + valor.length)}` : x));
  const casos: Array<[string, (linhas: string[]) => string[], string]> = [
    ['record size', (l) => l.map((x, i) => (i === 2 ? x.slice(0, 125) : x)), '50.tamanho'],
    ['unknown type', troca('11', 0, '12'), '12.tipo'],
    ['type order', (l) => [l[0]!, l[1]!, l[5]!, l[2]!, l[3]!, l[4]!, l[6]!], '50.tipo'],
    ['CNPJ check digit (10)', troca('10', 2, '11444777000162'), '10.CNPJ'],
    ['CNPJ check digit (50)', troca('50', 2, '04252011000111'), '50.CNPJ'],
    ['IE of the company', troca('10', 16, ' '.repeat(14)), '10.Inscrição estadual'],
    ['IE check digit of the company', troca('10', 16, '110042490115'), '10.Inscrição estadual'],
    ['IE check digit of the participant (UF RJ)', troca('50', 16, '81123404'), '50.Inscrição estadual'],
    ['date outside the period', troca('50', 30, '20240601'), '50.Data'],
    ['item without 75', troca('54', 37, alfa('CHA', 14)), '54.Código do produto'],
    ['posse 1 with possessor', troca('74', 51, '11444777000161'), '74.CNPJ do possuidor'],
    ['count per type (90)', troca('90', 30, `50${num(2, 8)}`), '90.Total de registros 50'],
    ['total of lines (99)', troca('90', 70, `99${num(9, 8)}`), '90.Total geral (99)'],
    ['number of 90 records', troca('90', 125, '2'), '90.Número de registros 90'],
    ['numeric field with a letter (layout)', troca('50', 56, 'A'), '50.Valor total'],
    ['numeric field with a letter (CEP of 11)', troca('11', 78, 'ABCDEFGH'), '11.CEP'],
    ['date field (layout)', troca('74', 2, '20240231'), '74.Data do inventário'],
    ['allowed values (emitente P or T)', troca('50', 55, 'Q'), '50.Emitente'],
    ['allowed values (finalidade)', troca('10', 125, '4'), '10.Finalidade'],
    ['required text in blank', troca('75', 40, ' '.repeat(53)), '75.Descrição'],
    ['character outside ISO-8859-1', troca('75', 44, '—'), '75.Descrição'],
    ['Σ 54 bases = 50 base per note and CFOP', troca('54', 86, num(99, 12, 2)), '54.Base de cálculo do ICMS'],
    ['75 dates = the file period', troca('75', 2, '20240502'), '75.Data inicial'],
  ];
  it.each(casos)('%s: fails when broken', (_nome, quebrar, esperado) => {
    expect(erros(validarSintegra(quebrar(sintegraBase())))).toContain(esperado);
  });
});
