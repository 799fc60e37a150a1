import { describe, expect, it } from 'vitest';
import { collectScreenTexts, describeTextPath, screenTextAt, withScreenText } from './screenTexts.ts';

const screen = {
  $schema: '../_meta/screen.schema.json',
  name: 'importar',
  title: 'Importar',
  description: 'Importa notas',
  actions: [{ label: 'Enviar', operation: 'x', confirm: { title: 'Confirmar', message: 'Enviar agora?' } }],
  cards: { total: { title: 'Total' } },
  upload: { file: { label: 'Arquivo', accept: '.xml' } },
};

describe('screen texts', () => {
  it('lists every text but the ones edited apart, in document order', () => {
    const texts = collectScreenTexts(screen, new Set(['title', 'description', 'cards']));
    expect(texts.map((text) => [describeTextPath(text.path), text.value])).toEqual([
      ['ação 1 › rótulo', 'Enviar'],
      ['ação 1 › confirmação › título', 'Confirmar'],
      ['ação 1 › confirmação › mensagem', 'Enviar agora?'],
      ['upload › file › rótulo', 'Arquivo'],
    ]);
  });

  it('leaves the JSON Schema plumbing out of the place it describes', () => {
    expect(describeTextPath(['parameters', 'schema', 'properties', 'categoriaId', 'title'])).toBe(
      'parâmetros › categoriaId › título',
    );
  });

  it('replaces one text without touching the original', () => {
    const path = ['actions', 0, 'confirm', 'message'];
    const next = withScreenText(screen, path, 'Enviar as notas agora?');
    expect(screenTextAt(next, path)).toBe('Enviar as notas agora?');
    expect(screenTextAt(screen, path)).toBe('Enviar agora?');
    expect(next.actions[0]?.operation).toBe('x');
    expect(next.cards).toBe(screen.cards);
  });
});
