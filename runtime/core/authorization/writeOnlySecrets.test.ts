import { describe, expect, it } from 'vitest';
import { keepBlankSecrets, redactSecrets, writeOnlyPaths } from './writeOnlySecrets.ts';

const schema = {
  properties: {
    title: { type: 'string' },
    misc: {
      properties: {
        crm: { properties: { TOKEN: { writeOnly: true }, URL: {} } },
        smtp: { properties: { senha: { writeOnly: true } } },
      },
    },
  },
};

describe('writeOnlySecrets', () => {
  const paths = writeOnlyPaths(schema);

  it('finds every member marked writeOnly, at any depth', () => {
    expect(paths).toEqual([
      ['misc', 'crm', 'TOKEN'],
      ['misc', 'smtp', 'senha'],
    ]);
  });

  it('replaces each secret by <name>Definido and leaves the input untouched', () => {
    const settings = { title: 'T', misc: { crm: { TOKEN: 'abc', URL: 'https://x' }, smtp: { senha: '' } } };
    const shown = redactSecrets(settings, paths);
    expect(shown).toEqual({
      title: 'T',
      misc: { crm: { TOKENDefinido: true, URL: 'https://x' }, smtp: { senhaDefinido: false } },
    });
    expect(JSON.stringify(shown)).not.toContain('abc');
    expect(settings.misc.crm.TOKEN).toBe('abc');
    expect(redactSecrets({ title: 'sem misc' }, paths)).toEqual({ title: 'sem misc' });
  });

  it('drops blank secrets and the flags sent back, keeps a new value and null', () => {
    expect(keepBlankSecrets({ misc: { crm: { TOKEN: '', TOKENDefinido: true, URL: 'u' } } }, paths)).toEqual({
      misc: { crm: { URL: 'u' } },
    });
    expect(keepBlankSecrets({ misc: { crm: { TOKEN: 'novo' }, smtp: { senha: null } } }, paths)).toEqual({
      misc: { crm: { TOKEN: 'novo' }, smtp: { senha: null } },
    });
  });
});
