import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { entityJsonSchema } from './entityJsonSchema.ts';
import { registerFormats } from './registerFormats.ts';
import { enumsOf, type ResolvedEntity, resolveEntity } from './resolveEntity.ts';

const path = (name: string) => `schemas/entities/${name}/${name}.entity.json`;
const schemas: Record<string, unknown> = {
  [path('produto')]: {
    name: 'produto',
    resource: 'Produtos',
    label: 'Produto',
    labelPlural: 'Produtos',
    scope: 'empresa',
    permission: 'ESTOQUE_PRODUTOS',
    fields: {
      nome: { type: 'string', label: 'Nome', required: true, maxLength: 60 },
      observacoes: { type: 'text', label: 'Observações', description: 'Livre' },
      estoque: { type: 'integer', label: 'Estoque', minimum: 0 },
      peso: { type: 'decimal', label: 'Peso', precision: 3 },
      preco: { type: 'money', label: 'Preço', minimum: 0 },
      margem: { type: 'percent', label: 'Margem' },
      ativo: { type: 'boolean', label: 'Ativo', default: true },
      lancamento: { type: 'date', label: 'Lançamento' },
      atualizado: { type: 'datetime', label: 'Atualizado' },
      origem: { type: 'enum', enum: 'origem', label: 'Origem', required: true },
      tamanhos: { type: 'enum', enum: 'tamanho', label: 'Tamanhos', multiple: true },
      marcaId: { type: 'relation', label: 'Marca', relation: { entity: 'marca' } },
      extras: { type: 'json', label: 'Extras' },
      gtin: { type: 'string', label: 'GTIN', format: 'gtin' },
      custoMedio: { type: 'money', label: 'Custo médio', readOnly: true },
      tipo: { type: 'enum', enum: 'origem', label: 'Tipo' },
      senhaBalanca: { type: 'string', label: 'Senha da balança', writeOnly: true },
    },
  },
  [path('servico')]: {
    name: 'servico',
    resource: 'Servicos',
    label: 'Serviço',
    labelPlural: 'Serviços',
    scope: 'empresa',
    permission: 'ESTOQUE_PRODUTOS',
    extends: { entity: 'produto', fixed: { tipo: 1 } },
  },
  [path('marca')]: {
    name: 'marca',
    resource: 'Marcas',
    label: 'Marca',
    labelPlural: 'Marcas',
    scope: 'filial',
    permission: 'ESTOQUE_MARCAS',
    fields: { nome: { type: 'string', label: 'Nome' } },
  },
  'schemas/enums/origem.enum.json': {
    name: 'origem',
    label: 'Origem',
    codeType: 'integer',
    values: [
      { code: 0, label: 'Nacional' },
      { code: 1, label: 'Estrangeira' },
    ],
  },
  'schemas/enums/tamanho.enum.json': {
    name: 'tamanho',
    label: 'Tamanho',
    codeType: 'string',
    values: [
      { code: 'P', label: 'Pequeno' },
      { code: 'G', label: 'Grande' },
    ],
  },
};
const entities: Record<string, ResolvedEntity> = {
  produto: resolveEntity('produto', schemas),
  servico: resolveEntity('servico', schemas),
  marca: resolveEntity('marca', schemas),
};
const context = { entities, enums: enumsOf(schemas) };
const produto = entities.produto as ResolvedEntity;
const servico = entities.servico as ResolvedEntity;
type Props = Record<string, Record<string, unknown>>;
const propsOf = (schema: Record<string, unknown>) => schema.properties as Props;

describe('entityJsonSchema (input)', () => {
  const schema = entityJsonSchema(produto, context);
  const props = propsOf(schema);

  it('titles the schema and every property with the pt-BR labels and lists the required fields', () => {
    expect(schema).toMatchObject({ title: 'Produto', type: 'object', additionalProperties: false });
    expect(schema.required).toEqual(['nome', 'origem']);
    expect(props.nome).toEqual({ title: 'Nome', type: 'string', minLength: 1, maxLength: 60 });
    expect(props.observacoes).toMatchObject({ title: 'Observações', type: 'string', description: 'Livre' });
  });

  it('maps numbers with the bounds of their columns', () => {
    expect(props.estoque).toMatchObject({ type: 'integer', minimum: 0, maximum: 2_147_483_647 });
    expect(props.peso).toMatchObject({ type: 'number', exclusiveMinimum: -1e15, exclusiveMaximum: 1e15 });
    expect(props.preco).toMatchObject({ type: 'number', minimum: 0, exclusiveMaximum: 1e13 });
    expect(props.margem).toMatchObject({ type: 'number', exclusiveMaximum: 1e5 });
  });

  it('maps booleans with defaults, dates, datetimes, json and relations as integer ids', () => {
    expect(props.ativo).toEqual({ title: 'Ativo', type: 'boolean', default: true, nullable: true });
    expect(props.lancamento).toMatchObject({ type: 'string', format: 'date' });
    expect(props.atualizado).toMatchObject({ type: 'string', format: 'date-time' });
    expect(props.extras).toEqual({ title: 'Extras' });
    expect(props.marcaId).toMatchObject({ type: 'integer', minimum: 1, description: 'Id de Marca' });
  });

  it('maps enums to oneOf with const and label, multiple ones to arrays of unique items', () => {
    expect(props.origem).toEqual({
      title: 'Origem',
      type: 'integer',
      oneOf: [
        { const: 0, title: 'Nacional' },
        { const: 1, title: 'Estrangeira' },
      ],
    });
    expect(props.tamanhos).toMatchObject({
      type: 'array',
      uniqueItems: true,
      items: { type: 'string', oneOf: [{ const: 'P', title: 'Pequeno' }, expect.anything()] },
    });
  });

  it('leaves out read-only fields, keeps versao for optimistic concurrency', () => {
    expect(props).not.toHaveProperty('custoMedio');
    expect(props).not.toHaveProperty('id');
    expect(props).not.toHaveProperty('criadoEm');
    expect(props.versao).toMatchObject({ type: 'integer', minimum: 1 });
  });

  it('leaves out the fixed fields of a view', () => {
    const view = propsOf(entityJsonSchema(servico, context));
    expect(view).not.toHaveProperty('tipo');
    expect(view).toHaveProperty('nome');
  });

  it('validates with ajv and the shared formats', () => {
    const ajv = registerFormats(new Ajv({ allErrors: true }));
    const validate = ajv.compile(schema);
    expect(validate({ nome: 'Caneta', origem: 0, gtin: '7891000315507', preco: 2.5 })).toBe(true);
    expect(validate({ nome: '', origem: 5, gtin: '7891000315508', preco: -1, outro: 1 })).toBe(false);
    const keywords = validate.errors?.map((error) => `${error.instancePath}:${error.keyword}`);
    expect(keywords).toEqual(
      expect.arrayContaining([
        '/nome:minLength',
        '/origem:oneOf',
        '/gtin:format',
        '/preco:minimum',
        ':additionalProperties',
      ]),
    );
  });
});

describe('entityJsonSchema (patch and output)', () => {
  it('requires nothing and sets no defaults in patch mode', () => {
    const schema = entityJsonSchema(produto, context, { mode: 'patch' });
    expect(schema).not.toHaveProperty('required');
    expect(propsOf(schema).ativo).not.toHaveProperty('default');
  });

  it('describes a record: system fields read-only, enums as lists, nullable values, includes', () => {
    const schema = entityJsonSchema(servico, context, {
      mode: 'output',
      $id: 'Servico',
      refTargets: new Set(['marca']),
    });
    const props = propsOf(schema);
    expect(schema).toMatchObject({ $id: 'Servico', title: 'Serviço' });
    expect(schema).not.toHaveProperty('required');
    expect(Object.keys(props).slice(0, 7)).toEqual([
      'id',
      'empresaId',
      'versao',
      'criadoEm',
      'alteradoEm',
      'criadoPor',
      'alteradoPor',
    ]);
    expect(props.criadoEm).toMatchObject({ type: 'string', format: 'date-time', readOnly: true });
    expect(props.origem).toEqual({ title: 'Origem', type: 'integer', enum: [0, 1], nullable: true });
    expect(props.tipo).toMatchObject({ readOnly: true });
    expect(props.custoMedio).toMatchObject({ type: 'number', readOnly: true, nullable: true });
    expect(props.marca).toMatchObject({ $ref: 'Marca#' });
  });

  it('types an include as a plain object when its target has no component', () => {
    const props = propsOf(entityJsonSchema(produto, context, { mode: 'output' }));
    expect(props.marca).toMatchObject({ type: 'object', additionalProperties: true });
    const marca = propsOf(entityJsonSchema(entities.marca as ResolvedEntity, context, { mode: 'output' }));
    expect(marca.filialId).toMatchObject({ type: 'integer', readOnly: true });
  });

  it('throws when an enum is missing', () => {
    expect(() => entityJsonSchema(produto, { enums: {} })).toThrow('enumeração "origem" não existe');
  });
});

describe('write-only fields', () => {
  it('are accepted on input, marked writeOnly, and never part of the output', () => {
    const produto = resolveEntity('produto', schemas);
    const context = { entities: { produto }, enums: enumsOf(schemas) };
    const input = entityJsonSchema(produto, context, { mode: 'input' });
    const output = entityJsonSchema(produto, context, { mode: 'output' });
    expect((input.properties as Record<string, unknown>).senhaBalanca).toMatchObject({
      type: 'string',
      writeOnly: true,
    });
    expect(output.properties).not.toHaveProperty('senhaBalanca');
    expect(output.properties).toHaveProperty('nome');
  });
});
