import { describe, expect, it } from 'vitest';
import { reportFileHref } from './reportFileHref.ts';

describe('reportFileHref', () => {
  it('keeps the page origin when the API endpoint is empty and adds the token', () => {
    expect(reportFileHref('', '/api/Relatorios/3/arquivo', 'a+b')).toBe(
      '/api/Relatorios/3/arquivo?access_token=a%2Bb',
    );
  });

  it('prefixes the API endpoint', () => {
    expect(reportFileHref('https://api.exemplo.com.br/', '/api/Relatorios/3/arquivo', 't')).toBe(
      'https://api.exemplo.com.br/api/Relatorios/3/arquivo?access_token=t',
    );
  });

  it('never sends the token to a file stored elsewhere', () => {
    expect(reportFileHref('', 'https://arquivos.exemplo.com/r.pdf?sig=1', 't')).toBe(
      'https://arquivos.exemplo.com/r.pdf?sig=1',
    );
  });
});
