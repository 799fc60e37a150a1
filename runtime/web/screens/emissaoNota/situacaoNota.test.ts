import { describe, expect, it } from 'vitest';
import { acoesDaSituacao, respostaSefaz, SITUACAO } from './situacaoNota.ts';

describe('acoesDaSituacao', () => {
  it('transmits only a draft or a rejected nota', () => {
    expect(acoesDaSituacao(SITUACAO.EM_DIGITACAO).transmitir).toBe(true);
    expect(acoesDaSituacao(SITUACAO.REJEITADO).transmitir).toBe(true);
    expect(acoesDaSituacao(SITUACAO.AUTORIZADO).transmitir).toBe(false);
    expect(acoesDaSituacao(SITUACAO.EM_PROCESSAMENTO).transmitir).toBe(false);
  });

  it('consults a nota in processing, in contingency or without an answer, and waits only for the lote', () => {
    for (const situacao of [SITUACAO.CONTINGENCIA, SITUACAO.ERRO, SITUACAO.EM_PROCESSAMENTO])
      expect(acoesDaSituacao(situacao).consultar).toBe(true);
    expect(acoesDaSituacao(SITUACAO.EM_PROCESSAMENTO).aguardar).toBe(true);
    expect(acoesDaSituacao(SITUACAO.CONTINGENCIA).aguardar).toBe(false);
  });

  it('offers documents of authorised and cancelled notas, events only while authorised', () => {
    expect(acoesDaSituacao(SITUACAO.AUTORIZADO)).toMatchObject({ documentos: true, eventos: true });
    expect(acoesDaSituacao(SITUACAO.CANCELADO)).toMatchObject({ documentos: true, eventos: false });
    expect(acoesDaSituacao(SITUACAO.DENEGADO)).toMatchObject({ documentos: false, eventos: false });
  });
});

describe('respostaSefaz', () => {
  it('joins cStat and xMotivo once', () => {
    expect(respostaSefaz(100, 'Autorizado o uso da NF-e')).toBe('100 — Autorizado o uso da NF-e');
    expect(respostaSefaz(778, '778 - Rejeição: Informado NCM inexistente')).toBe(
      '778 - Rejeição: Informado NCM inexistente',
    );
    expect(respostaSefaz(null, 'Sem resposta da SEFAZ')).toBe('Sem resposta da SEFAZ');
    expect(respostaSefaz(105, '')).toBe('105');
  });
});
