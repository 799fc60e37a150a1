import { describe, expect, it } from 'vitest';
import { decodeCsvBytes } from './decodeCsvBytes.ts';
import { parseCsv } from './parseCsv.ts';

describe('parseCsv', () => {
  it('detects ";" and keeps the line number of each record', () => {
    const parsed = parseCsv('Descrição;Preço\r\nCafé;10,50\r\n\r\nAçúcar;4,99\r\n');
    expect(parsed.separator).toBe(';');
    expect(parsed.header).toEqual(['Descrição', 'Preço']);
    expect(parsed.rows).toEqual([
      { linha: 2, cells: ['Café', '10,50'] },
      { linha: 4, cells: ['Açúcar', '4,99'] },
    ]);
  });

  it('detects "," and reads quoted cells with separators, quotes and line breaks', () => {
    const parsed = parseCsv('descricao,preco\n"Caneta ""azul"", 10un","1,50"\n"Linha\ndupla",2\nfim,3');
    expect(parsed.separator).toBe(',');
    expect(parsed.rows).toEqual([
      { linha: 2, cells: ['Caneta "azul", 10un', '1,50'] },
      { linha: 3, cells: ['Linha\ndupla', '2'] },
      { linha: 5, cells: ['fim', '3'] },
    ]);
  });

  it('gives an empty header for an empty file', () => {
    expect(parseCsv('')).toEqual({ separator: ';', header: [], rows: [] });
  });
});

describe('decodeCsvBytes', () => {
  it('reads UTF-8 (with or without BOM) and falls back to Windows-1252', () => {
    const utf8 = new TextEncoder().encode('\uFEFFDescrição;Preço');
    expect(decodeCsvBytes(utf8)).toEqual({ text: 'Descrição;Preço', encoding: 'UTF-8' });
    // "Ação" in Windows-1252: A, 0xE7 (ç), 0xE3 (ã), o
    const cp1252 = new Uint8Array([0x41, 0xe7, 0xe3, 0x6f, 0x3b, 0x80]);
    expect(decodeCsvBytes(cp1252)).toEqual({ text: 'Ação;€', encoding: 'Windows-1252' });
  });
});
