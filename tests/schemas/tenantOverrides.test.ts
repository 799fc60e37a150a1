import { beforeAll, describe, expect, it } from 'vitest';
import { resolveTenant, resolveTheme } from '../../runtime/core/resolveTenant.ts';
import type { MenuSchema } from '../../runtime/core/types.ts';
import { type SchemaFiles, validateSchemaSet } from '../../runtime/core/validateSchemaSet.ts';
import { readSchemaFiles } from '../../runtime/server/schemas/readSchemaFiles.ts';

let files: SchemaFiles;
beforeAll(async () => {
  files = (await readSchemaFiles()).files;
});

type Form = { sections: Record<string, { fields: Record<string, { hidden?: boolean }> }> };
const mainMenu = (schemas: SchemaFiles) => schemas['schemas/menus/main.menu.json'] as MenuSchema;
const clienteForm = (schemas: SchemaFiles) => schemas['schemas/entities/cliente/cliente.form.json'] as Form;

describe('tenant merge result', () => {
  it('renames one menu entry for verde and keeps every other entry and the order', () => {
    const base = mainMenu(files);
    const verde = mainMenu(resolveTenant(files, 'verde').schemas);
    expect(verde.items.vendas?.children?.clientes?.title).toBe('Meus clientes');
    expect(verde.items.vendas?.children?.clientes?.link).toBe('/pages/vendas/clientes');
    expect(Object.keys(verde.items)).toEqual(Object.keys(base.items));
    expect(Object.keys(verde.items.vendas?.children ?? {})).toEqual(
      Object.keys(base.items.vendas?.children ?? {}),
    );
    expect(mainMenu(resolveTenant(files, 'demo').schemas).items.vendas?.children?.clientes?.title).toBe(
      'Clientes',
    );
  });

  it('hides one form field and renames another for verde only', () => {
    const verde = clienteForm(resolveTenant(files, 'verde').schemas);
    const demo = clienteForm(resolveTenant(files, 'demo').schemas);
    expect(verde.sections.identificacao?.fields.apelido).toEqual({ hidden: true });
    expect(verde.sections.identificacao?.fields.nome).toEqual({ colSpan: 2, label: 'Nome do cliente' });
    expect(demo.sections.identificacao?.fields.nome).toEqual({ colSpan: 2 });
    expect(demo.sections.identificacao?.fields.apelido?.hidden).toBeUndefined();
    expect(Object.keys(verde.sections.identificacao?.fields ?? {})).toEqual(
      Object.keys(demo.sections.identificacao?.fields ?? {}),
    );
  });

  it('does not change the base schemas it merges over', () => {
    resolveTenant(files, 'verde');
    expect(mainMenu(files).items.vendas?.children?.clientes?.title).toBe('Clientes');
  });

  it('fills the settings defaults and keeps what each tenant sets', () => {
    const demo = resolveTenant(files, 'demo').settings;
    const verde = resolveTenant(files, 'verde').settings;
    expect([demo.title, verde.title]).toEqual(['ERP Demonstração', 'Verde Gestão']);
    expect([demo.tema, verde.tema]).toEqual(['azul', 'verde']);
    expect(verde.misc.exibirCpfCnpjTelaCadastro).toBe(false);
    expect(demo.misc.exibirCpfCnpjTelaCadastro).toBe(true);
    expect(verde.misc.exibirRegimeTelaCadastro).toBe(false);
    expect(verde.misc.textoDestaqueCadastro).toBe('POR 30 DIAS');
    expect(demo.misc.textoDestaqueCadastro).toBe('GRATUITAMENTE');
    expect(verde.cacheAtivo).toBe(false);
    expect(verde.misc.integracaoPloomes).toEqual({ STAGE_ID: '', TOKEN: '', URL: '' });
    expect(verde.planoPadrao).toEqual({ idExterno: 'verde-trial', diasTrial: 30 });
    expect(demo.planoPadrao).toEqual({ idExterno: 'trial', diasTrial: 15 });
  });

  it('resolves the theme colour, custom taking customThemeColor', () => {
    const themes = files['schemas/tenant/themes.json'];
    const verde = resolveTenant(files, 'verde').settings;
    expect(resolveTheme(themes, verde).themeColor).toBe('#4caf50');
    const custom = { ...verde, tema: 'custom', misc: { ...verde.misc, customThemeColor: '#123456' } };
    expect(resolveTheme(themes, custom).themeColor).toBe('#123456');
    expect(resolveTheme(themes, { ...verde, tema: 'inexistente' }).name).toBe('azul');
  });
});

describe('an invalid tenant patch is rejected with a clear message', () => {
  const patchPath = 'tenants/verde/overrides/menus/main.menu.json';
  const header = { $schema: '../../../../schemas/_meta/tenant-patch.schema.json' };

  it('when a member is misspelt, naming the merged pointer', () => {
    const patch = { ...header, items: { vendas: { children: { clientes: { titel: 'Meus clientes' } } } } };
    expect(validateSchemaSet({ ...files, [patchPath]: patch })).toEqual([
      {
        file: patchPath,
        pointer: '/items/vendas/children/clientes',
        message:
          'não são permitidas propriedades adicionais: "titel" (no resultado da mesclagem com schemas/menus/main.menu.json)',
      },
    ]);
  });

  it('when the merged value has the wrong type', () => {
    const patch = { ...header, items: { vendas: { title: ['Vendas'] } } };
    const issues = validateSchemaSet({ ...files, [patchPath]: patch });
    expect(issues).toEqual([
      {
        file: patchPath,
        pointer: '/items/vendas/title',
        message: 'deve ser um texto (no resultado da mesclagem com schemas/menus/main.menu.json)',
      },
    ]);
  });

  it('when it points a menu entry at a permission key that does not exist', () => {
    const patch = {
      ...header,
      items: { vendas: { children: { clientes: { data: { key: 'VENDAS_INEXISTENTE' } } } } },
    };
    expect(validateSchemaSet({ ...files, [patchPath]: patch })).toEqual([
      {
        file: patchPath,
        pointer: '/items/vendas/children/clientes/data/key',
        message: 'chave de permissão "VENDAS_INEXISTENTE" não existe em keys.json',
      },
    ]);
  });

  it('when its target does not exist in schemas/', () => {
    const path = 'tenants/verde/overrides/menus/lateral.menu.json';
    expect(validateSchemaSet({ ...files, [path]: { ...header, items: {} } })).toEqual([
      { file: path, pointer: '/', message: 'o alvo schemas/menus/lateral.menu.json não existe em schemas/' },
    ]);
  });

  it('when it tries to rename the file it patches', () => {
    const issues = validateSchemaSet({ ...files, [patchPath]: { ...header, name: 'settings' } });
    expect(issues[0]).toMatchObject({ file: patchPath, pointer: '/name' });
  });

  it('when it hides a form field that the entity does not have', () => {
    const path = 'tenants/verde/overrides/entities/cliente/cliente.form.json';
    const patch = {
      $schema: '../../../../../schemas/_meta/tenant-patch.schema.json',
      sections: { identificacao: { fields: { apelidoo: { hidden: true } } } },
    };
    expect(validateSchemaSet({ ...files, [path]: patch })).toEqual([
      {
        file: path,
        pointer: '/sections/identificacao/fields/apelidoo',
        message: 'campo "apelidoo" não existe na entidade',
      },
    ]);
  });
});
