import { beforeAll, describe, expect, it } from 'vitest';
import { resolveTenant } from '../../../core/resolveTenant.ts';
import { schemaKind } from '../../../core/schemaKind.ts';
import type { SchemaFiles } from '../../../core/validateSchemaSet.ts';
import { readSchemaFiles } from '../../../server/schemas/readSchemaFiles.ts';
import type { SchemaBundle } from '../../app/RuntimeContext.tsx';
import { buildUiSchema } from './buildUiSchema.ts';
import type { FormLayout } from './formTypes.ts';
import { formValidator } from './formValidator.ts';
import { resolveFormSchemas } from './resolveFormSchemas.ts';
import { transformErrors } from './transformErrors.ts';

let files: SchemaFiles;
beforeAll(async () => {
  files = (await readSchemaFiles()).files;
});

/** The browser's schema bundle of a tenant, as GET /api/Schemas/bundle builds it. */
function bundleOf(tenant: string): SchemaBundle {
  const schemas = resolveTenant(files, tenant).schemas;
  const enums: Record<string, unknown> = {};
  const entities: Record<string, Record<string, unknown>> = {};
  for (const [path, content] of Object.entries(schemas)) {
    const kind = schemaKind(path);
    const name = (path.split('/').pop() as string).replace(/\.[a-z]+\.json$/, '');
    if (kind === 'enum') enums[name] = content;
    if (kind === 'entity' || kind === 'form' || kind === 'grid') {
      const entity = path.split('/')[2] as string;
      entities[entity] = { ...(entities[entity] ?? {}), [kind]: content };
    }
  }
  return { menus: {}, permissions: {}, themes: {}, enums, entities } as unknown as SchemaBundle;
}

function clienteForm(tenant: string) {
  const resolved = resolveFormSchemas(bundleOf(tenant), 'cliente');
  return buildUiSchema({ ...resolved, schema: resolved.schema });
}

describe('buildUiSchema on the cliente form', () => {
  it('lays out tabs and sections with columns and colSpan, and picks the named widgets', () => {
    const { schema, uiSchema } = clienteForm('demo');
    const layout = uiSchema['ui:layout'] as FormLayout;
    expect(layout.tabs.map((tab) => tab.title)).toEqual([
      'Dados principais',
      'Endereço',
      'Financeiro',
      'Contatos',
      'Observações',
    ]);
    const identificacao = layout.tabs[0]?.sections[0];
    expect(identificacao).toMatchObject({ title: 'Identificação', columns: 2 });
    expect(identificacao?.fields[0]).toEqual({ name: 'nome', colSpan: 2 });
    expect(uiSchema.cpfCnpj['ui:widget']).toBe('CpfCnpjWidget');
    expect(uiSchema.codigoMunicipio['ui:widget']).toBe('MunicipioWidget');
    expect(uiSchema.vendedorId['ui:options']).toMatchObject({ resource: 'Vendedores', display: 'nome' });
    expect(uiSchema.nome['ui:title']).toBe('Nome / Razão social');
    expect(schema.required).toContain('nome');
    // The view's fixed value (tipoPessoa) is the server's, not a form field.
    expect(schema.properties).not.toHaveProperty('tipoPessoa');
    expect(schema.properties).toHaveProperty('apelido');
  });

  it('removes the field a tenant patch hides from the schema and the layout', () => {
    const { schema, uiSchema } = clienteForm('verde');
    expect(schema.properties).not.toHaveProperty('apelido');
    expect(uiSchema).not.toHaveProperty('apelido');
    const layout = uiSchema['ui:layout'] as FormLayout;
    const names = layout.tabs.flatMap((tab) => tab.sections.flatMap((s) => s.fields.map((f) => f.name)));
    expect(names).not.toContain('apelido');
    expect(names).toContain('cpfCnpj');
  });

  it('validates with the shared formats and words the messages as spec 000 §5', () => {
    const { schema, uiSchema } = clienteForm('demo');
    const messages = (data: Record<string, unknown>) => {
      const { errorSchema } = formValidator.validateFormData(
        data,
        schema,
        undefined,
        transformErrors,
        uiSchema,
      );
      return errorSchema as Record<string, { __errors?: string[] }>;
    };
    expect(messages({}).nome?.__errors).toEqual(['Campo Obrigatório!']);
    expect(messages({ nome: 'X', cpfCnpj: '123.456.789-00' }).cpfCnpj?.__errors).toEqual([
      'Documento inválido',
    ]);
    expect(messages({ nome: 'X', cpfCnpj: '11.222.333/0001-81' }).cpfCnpj).toBeUndefined();
    expect(messages({ nome: 'X', email: 'a@' }).email?.__errors).toEqual(['E-mail inválido!']);
    expect(messages({ nome: 'X', limiteCredito: -1 }).limiteCredito?.__errors).toEqual(['Valor mínimo: 0']);
    expect(messages({ nome: 'X', id: 7, versao: 2, criadoEm: '2024-01-01' })).toEqual({});
  });
});

describe('buildUiSchema on the produto form', () => {
  it('places the related list of stock balances in the Estoque tab, though it has no fields', () => {
    const resolved = resolveFormSchemas(bundleOf('demo'), 'produto');
    const { uiSchema } = buildUiSchema({ ...resolved, schema: resolved.schema });
    const layout = uiSchema['ui:layout'] as FormLayout;
    const estoque = layout.tabs.find((tab) => tab.id === 'estoque');
    expect(estoque?.sections.map((section) => section.id)).toEqual(['estoque', 'saldos', 'balanca']);
    expect(estoque?.sections[1]).toMatchObject({
      title: 'Saldos por depósito',
      fields: [],
      related: { entity: 'saldoEstoque', foreignKey: 'produtoId' },
    });
  });
});

describe('buildUiSchema on a document form', () => {
  it('shows the server-owned numero and totals read-only, never the status field, and sends none of them', () => {
    const resolved = resolveFormSchemas(bundleOf('demo'), 'pedidoCompra');
    const { schema, uiSchema } = buildUiSchema(resolved);
    expect(schema.properties).toHaveProperty('numero');
    expect(uiSchema.numero['ui:readonly']).toBe(true);
    expect(uiSchema.valorTotal['ui:readonly']).toBe(true);
    expect(schema.properties).not.toHaveProperty('situacao');
    expect(resolved.schema.properties).not.toHaveProperty('numero');
    expect(resolved.schema.properties).not.toHaveProperty('valorTotal');
  });
});
