import { beforeAll, describe, expect, it } from 'vitest';
import { resolveTenant, tenantForHost, tenantSlugs } from '../../runtime/core/resolveTenant.ts';
import { type SchemaFiles, validateSchemaSet } from '../../runtime/core/validateSchemaSet.ts';
import { readSchemaFiles } from '../../runtime/server/schemas/readSchemaFiles.ts';

let files: SchemaFiles;
beforeAll(async () => {
  const read = await readSchemaFiles();
  expect(read.issues).toEqual([]);
  files = read.files;
});

/** A copy of the real tree with some files replaced, to prove each check rejects bad input. */
function withFiles(changes: SchemaFiles): SchemaFiles {
  return { ...structuredClone(files), ...changes };
}

describe('schemas/ and tenants/ as shipped', () => {
  it('are all valid', () => {
    expect(validateSchemaSet(files)).toEqual([]);
  });

  it('ship at least two white-labels on distinct domains', () => {
    const slugs = tenantSlugs(files);
    expect(slugs).toEqual(expect.arrayContaining(['demo', 'verde']));
    const tenants = slugs.map((slug) => resolveTenant(files, slug).settings);
    expect(tenantForHost(tenants, 'localhost:3000')?.slug).toBe('demo');
    expect(tenantForHost(tenants, '127.0.0.1')?.slug).toBe('demo');
    expect(tenantForHost(tenants, 'verde.localhost:3000')?.slug).toBe('verde');
    expect(tenantForHost(tenants, 'VERDE.localhost')?.slug).toBe('verde');
  });
});

describe('validation errors name the file, the JSON pointer and the reason', () => {
  it('rejects a wrong type inside an enum file', () => {
    const path = 'schemas/enums/tipoPessoa.enum.json';
    const bad = structuredClone(files[path]) as { values: Array<{ label: unknown }> };
    (bad.values[0] as { label: unknown }).label = 42;
    const issues = validateSchemaSet(withFiles({ [path]: bad }));
    expect(issues).toContainEqual({ file: path, pointer: '/values/0/label', message: 'deve ser um texto' });
  });

  it('rejects an unknown member with its name', () => {
    const path = 'schemas/tenant/themes.json';
    const bad = structuredClone(files[path]) as { themes: Record<string, Record<string, unknown>> };
    (bad.themes.azul as Record<string, unknown>).cor = '#000000';
    const issues = validateSchemaSet(withFiles({ [path]: bad }));
    expect(issues).toEqual([
      { file: path, pointer: '/themes/azul', message: 'não são permitidas propriedades adicionais: "cor"' },
    ]);
  });

  it('rejects a file whose name does not follow the conventions', () => {
    const issues = validateSchemaSet(withFiles({ 'schemas/enums/Errado.json': {} }));
    expect(issues[0]).toMatchObject({ file: 'schemas/enums/Errado.json', pointer: '/' });
  });

  it('rejects a tenant using a theme that does not exist', () => {
    const path = 'tenants/verde/tenant.json';
    const bad = { ...(files[path] as object), tema: 'dourado' };
    expect(validateSchemaSet(withFiles({ [path]: bad }))).toEqual([
      { file: path, pointer: '/tema', message: 'tema "dourado" não existe em schemas/tenant/themes.json' },
    ]);
  });

  it('rejects two tenants claiming the same domain', () => {
    const path = 'tenants/verde/tenant.json';
    const bad = { ...(files[path] as object), domains: ['verde.localhost', 'localhost'] };
    const issues = validateSchemaSet(withFiles({ [path]: bad }));
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ file: path, pointer: '/domains/1' });
    expect(issues[0]?.message).toContain('já pertence a tenants/demo/tenant.json');
  });
});

describe('document lifecycles and formulas in entity files', () => {
  const path = 'schemas/entities/documentoEstoque/documentoEstoque.entity.json';
  // biome-ignore lint/suspicious/noExplicitAny: a test reaches deep into the JSON it tampers with
  type Loose = any;
  const withDocument = (change: (entity: Loose) => void) => {
    const entity = structuredClone(files[path]) as Loose;
    change(entity);
    return validateSchemaSet(withFiles({ [path]: entity }));
  };

  it('refuses an unknown state in from/to, an unknown effect and a typed status field', () => {
    const issues = withDocument((entity) => {
      entity.document.transitions[0].from = ['rascunho', 'aprovado'];
      entity.document.transitions[1].to = 'cancelado';
      entity.document.transitions[1].effects = ['estoque.sumir'];
      entity.fields.situacao.readOnly = false;
    });
    expect(issues).toEqual(
      expect.arrayContaining([
        {
          file: path,
          pointer: '/document/transitions/0/from/1',
          message: 'estado "aprovado" não declarado em states',
        },
        {
          file: path,
          pointer: '/document/transitions/1/to',
          message: 'estado "cancelado" não declarado em states',
        },
        {
          file: path,
          pointer: '/document/transitions/1/effects/0',
          message: expect.stringMatching(/^efeito "estoque.sumir" desconhecido \(conhecidos: estoque.lancar/),
        },
        {
          file: path,
          pointer: '/document/statusField',
          message: 'o campo de situação deve ser readOnly (só as transições o mudam)',
        },
      ]),
    );
    expect(issues).toHaveLength(4);
  });

  it('refuses a repeated action, an unknown permission key and a malformed transition', () => {
    const issues = withDocument((entity) => {
      entity.document.transitions[1].action = 'efetivar';
      entity.document.transitions[0].permission = 'ESTOQUE_INEXISTENTE';
    });
    expect(issues.map((issue) => issue.pointer)).toEqual([
      '/document/transitions/0/permission',
      '/document/transitions/1/action',
    ]);
    const shape = withDocument((entity) => {
      entity.document.transitions[0].from = 'rascunho';
    });
    expect(shape[0]).toMatchObject({ file: path, pointer: '/document/transitions/0/from' });
  });

  it('refuses a formula that does not parse or reads missing fields', () => {
    const issues = withDocument((entity) => {
      entity.fields.valorTotal.formula = 'round(sum(itens.valorTotal) +, 2)';
    });
    expect(issues).toEqual([
      {
        file: path,
        pointer: '/fields/valorTotal/formula',
        message: 'fórmula inválida: símbolo inesperado: ","',
      },
    ]);
    const missing = withDocument((entity) => {
      entity.fields.valorTotal.formula = 'sum(itens.preco) + frete';
    });
    expect(missing.map((issue) => issue.message)).toEqual([
      'campo "frete" não existe ou é o próprio campo',
      'campo "preco" não existe em "documentoEstoqueItem"',
    ]);
  });
});

describe('form sections with a related list', () => {
  const path = 'schemas/entities/produto/produto.form.json';
  // biome-ignore lint/suspicious/noExplicitAny: a test reaches deep into the JSON it tampers with
  type Loose = any;
  const withRelated = (change: (related: Loose) => void) => {
    const form = structuredClone(files[path]) as Loose;
    change(form.sections.saldos.related);
    return validateSchemaSet(withFiles({ [path]: form }));
  };

  it('the produto form lists its stock balances', () => {
    expect((files[path] as Loose).sections.saldos.related).toMatchObject({
      entity: 'saldoEstoque',
      foreignKey: 'produtoId',
    });
  });

  it('refuses an unknown entity, a foreign key that does not point at the form entity and unknown columns', () => {
    expect(withRelated((related) => (related.entity = 'saldoInexistente'))).toEqual([
      {
        file: path,
        pointer: '/sections/saldos/related/entity',
        message: 'entidade "saldoInexistente" não existe',
      },
    ]);
    const issues = withRelated((related) => {
      related.foreignKey = 'depositoId';
      related.columns = ['fisico', 'quantidade'];
      related.totals = ['valorTotal'];
    });
    expect(issues).toEqual([
      {
        file: path,
        pointer: '/sections/saldos/related/foreignKey',
        message: '"depositoId" não é uma relação de "saldoEstoque" com "produto"',
      },
      {
        file: path,
        pointer: '/sections/saldos/related/columns/1',
        message: 'campo "quantidade" não existe em "saldoEstoque"',
      },
      {
        file: path,
        pointer: '/sections/saldos/related/totals/0',
        message: 'campo "valorTotal" não existe em "saldoEstoque"',
      },
    ]);
    const shape = withRelated((related) => {
      delete related.foreignKey;
    });
    expect(shape[0]).toMatchObject({ file: path, pointer: '/sections/saldos/related' });
  });
});
