import { describe, expect, it } from 'vitest';
import {
  CACHE_TTL_MS,
  CURRENCY,
  DEFAULT_FAVORITES,
  EMAIL_MAX_LENGTH,
  FAVORITES_LIMIT,
  MESSAGES,
  PASSWORD_MIN_LENGTH,
  PHONE_MAX_LENGTH,
  PROCESSING_STATUS,
  PROCESSING_STATUS_DISPLAY,
  REPORT_FORMATS,
  STORAGE,
  TOAST_DURATION_MS,
} from './constants.ts';

describe('constants', () => {
  it('holds the input limits of spec 000 §9', () => {
    expect([EMAIL_MAX_LENGTH, PASSWORD_MIN_LENGTH, PHONE_MAX_LENGTH]).toEqual([50, 6, 15]);
  });

  it('expresses cache lifetimes in milliseconds', () => {
    expect(CACHE_TTL_MS.configWhiteLabel).toBe(3_600_000);
    expect(CACHE_TTL_MS.apiList).toBe(86_400_000);
    expect(CACHE_TTL_MS.planoByIdExterno).toBe(86_400_000);
  });

  it('has the toast durations and report formats', () => {
    expect(TOAST_DURATION_MS).toEqual({ generic: 4000, success: 5000, warning: 5000, report: 60000 });
    expect(REPORT_FORMATS).toEqual(['pdf', 'xlsx']);
  });

  it('labels every processing status', () => {
    expect(PROCESSING_STATUS_DISPLAY[PROCESSING_STATUS.PROCESSANDO].label).toBe('Processando');
    expect(PROCESSING_STATUS_DISPLAY[PROCESSING_STATUS.FINALIZADO].label).toBe('Finalizado');
    expect(PROCESSING_STATUS_DISPLAY[PROCESSING_STATUS.ERRO].label).toBe('Erro');
  });

  it('uses the cache: prefix and the currency of spec 001 §9', () => {
    expect(STORAGE.CACHE_PREFIX).toBe('cache:');
    expect(CURRENCY.prefix).toBe('R$ ');
  });

  it('keeps the chosen favourites defaults within the limit', () => {
    expect(DEFAULT_FAVORITES.length).toBeLessThanOrEqual(FAVORITES_LIMIT);
  });
});

describe('MESSAGES', () => {
  it('builds the length and value messages', () => {
    expect(MESSAGES.validation.minLength(PASSWORD_MIN_LENGTH)).toBe('Mínimo 6 caracteres!');
    expect(MESSAGES.validation.maxLength(EMAIL_MAX_LENGTH)).toBe('Máximo 50 caracteres!');
    expect(MESSAGES.validation.min(1)).toBe('Valor mínimo: 1');
    expect(MESSAGES.prompt.minLength(3)).toBe('Informe no mínimo 3 caracteres!');
  });

  it('builds the report toasts with the format upper-cased', () => {
    expect(MESSAGES.report.success('Relatório de vendas', 'pdf')).toBe(
      'Relatório de vendas PDF gerado com sucesso!',
    );
    expect(MESSAGES.report.error('Relatório de vendas', 'xlsx')).toBe(
      'Erro ao gerar Relatório de vendas XLSX',
    );
    expect(MESSAGES.report.progress('Estoque', 'pdf')).toBe('Gerando Estoque PDF...');
  });

  it('builds the favourites messages', () => {
    expect(MESSAGES.favorites.limit(FAVORITES_LIMIT)).toBe('Limite de 10 favoritos');
    expect(MESSAGES.favorites.cannotRemoveDefault('Dashboard')).toBe(
      "O menu 'Dashboard' não pode ser removido dos favoritos",
    );
  });

  it('quotes the login 401 texts', () => {
    expect(MESSAGES.login.failedTitle).toBe('Falha ao entrar no sistema');
    expect(MESSAGES.login.failedText).toBe('Dados inválidos, verifique e-mail/senha e tente novamente');
  });

  it('prefixes the action error detail', () => {
    expect(MESSAGES.actionError.detail('Falhou')).toBe('Detalhe: Falhou');
  });
});
