import { describe, expect, it } from 'vitest';
import {
  entityNames,
  entityToFieldMap,
  entityTypeName,
  enumsOf,
  includeName,
  resolveEntity,
  snakeCase,
} from './resolveEntity.ts';

const path = (name: string) => `schemas/entities/${name}/${name}.entity.json`;

/** A base entity, a view of it, and a relation target; plus two enums. */
const sampleSchemas: Record<string, unknown> = {
  [path('pessoa')]: {
    $schema: '../../_meta/entity.schema.json',
    name: 'pessoa',
    resource: 'Pessoas',
    label: 'Pessoa',
    labelPlural: 'Pessoas',
    scope: 'empresa',
    permission: 'VENDAS_CLIENTES',
    display: 'nome',
    fields: {
      nome: { type: 'string', label: 'Nome', required: true, maxLength: 60 },
      tipoPessoa: { type: 'enum', enum: 'tipoPessoa', label: 'Tipo' },
      cpfCnpj: { type: 'string', label: 'CPF/CNPJ', format: 'cpfCnpj', maxLength: 18 },
      uf: { type: 'enum', enum: 'uf', label: 'UF' },
      categoriaId: { type: 'relation', label: 'Categoria', relation: { entity: 'categoria' } },
      marcaIds: { type: 'relation', label: 'Marcas', multiple: true, relation: { entity: 'categoria' } },
    },
    indexes: { nomeIdx: { fields: ['nome'] } },
  },
  [path('cliente')]: {
    name: 'cliente',
    resource: 'Clientes',
    label: 'Cliente',
    labelPlural: 'Clientes',
    scope: 'global',
    permission: 'VENDAS_CLIENTES',
    fields: { limiteCredito: { type: 'money', label: 'Limite de crédito' } },
    extends: { entity: 'pessoa', fixed: { tipoPessoa: 0 } },
  },
  [path('categoria')]: {
    name: 'categoriaProduto',
    resource: 'Categorias',
    label: 'Categoria',
    labelPlural: 'Categorias',
    scope: 'filial',
    permission: 'ESTOQUE_CATEGORIAS',
    fields: { descricao: { type: 'string', label: 'Descrição' } },
  },
  'schemas/enums/tipoPessoa.enum.json': {
    name: 'tipoPessoa',
    label: 'Tipo de pessoa',
    codeType: 'integer',
    values: [
      { code: 0, label: 'Cliente' },
      { code: 1, label: 'Fornecedor' },
    ],
  },
  'schemas/enums/uf.enum.json': {
    name: 'uf',
    label: 'UF',
    codeType: 'string',
    values: [
      { code: 'SP', label: 'São Paulo' },
      { code: 'RJ', label: 'Rio de Janeiro' },
    ],
  },
  'schemas/entities/cliente/cliente.form.json': { sections: {} },
};

describe('resolveEntity', () => {
  it('returns a base entity with its table defaulted to snake_case of the name and no fixed values', () => {
    const categoria = resolveEntity('categoria', sampleSchemas);
    expect(categoria.table).toBe('categoria_produto');
    expect(categoria.base).toBe('categoriaProduto');
    expect(categoria.fixed).toEqual({});
    expect(categoria).not.toHaveProperty('$schema');
  });

  it('merges a view over its base: fields, table, scope, display, indexes and fixed values', () => {
    const cliente = resolveEntity('cliente', sampleSchemas);
    expect(Object.keys(cliente.fields)).toEqual([
      'nome',
      'tipoPessoa',
      'cpfCnpj',
      'uf',
      'categoriaId',
      'marcaIds',
      'limiteCredito',
    ]);
    expect(cliente).toMatchObject({
      name: 'cliente',
      resource: 'Clientes',
      table: 'pessoa',
      base: 'pessoa',
      scope: 'empresa',
      display: 'nome',
      fixed: { tipoPessoa: 0 },
      indexes: { nomeIdx: { fields: ['nome'] } },
    });
    expect(cliente).not.toHaveProperty('extends');
  });

  it('names the includable relations after their fields', () => {
    expect(resolveEntity('pessoa', sampleSchemas).relations).toEqual({
      categoria: { field: 'categoriaId', entity: 'categoria', multiple: false },
      marcas: { field: 'marcaIds', entity: 'categoria', multiple: true },
    });
  });

  it('throws for a missing entity or base', () => {
    expect(() => resolveEntity('nada', sampleSchemas)).toThrow('entidade "nada" não existe');
    const broken = { [path('x')]: { name: 'x', extends: { entity: 'y', fixed: { a: 1 } } } };
    expect(() => resolveEntity('x', broken)).toThrow('entidade "y" não existe');
  });
});

describe('entity naming helpers', () => {
  it('converts names to snake_case and PascalCase', () => {
    expect(snakeCase('cpfCnpj')).toBe('cpf_cnpj');
    expect(snakeCase('codigoIBGEMunicipio')).toBe('codigo_ibge_municipio');
    expect(snakeCase('campo1')).toBe('campo1');
    expect(entityTypeName('contatoComercial')).toBe('ContatoComercial');
  });

  it('derives include names', () => {
    expect(includeName('clienteId')).toBe('cliente');
    expect(includeName('marcaIds')).toBe('marcas');
    expect(includeName('pai')).toBe('paiObj');
  });

  it('lists entities and enums of a schema file map', () => {
    expect(entityNames(sampleSchemas)).toEqual(['categoria', 'cliente', 'pessoa']);
    expect(Object.keys(enumsOf(sampleSchemas))).toEqual(['tipoPessoa', 'uf']);
  });
});

describe('entityToFieldMap', () => {
  it('maps every field and system column to its column and filter type', () => {
    const map = entityToFieldMap(resolveEntity('cliente', sampleSchemas), enumsOf(sampleSchemas));
    expect(map).toEqual({
      id: { column: 'id', type: 'integer' },
      versao: { column: 'versao', type: 'integer' },
      criadoEm: { column: 'criado_em', type: 'datetime' },
      alteradoEm: { column: 'alterado_em', type: 'datetime' },
      criadoPor: { column: 'criado_por', type: 'integer' },
      alteradoPor: { column: 'alterado_por', type: 'integer' },
      empresaId: { column: 'empresa_id', type: 'integer' },
      nome: { column: 'nome', type: 'string' },
      tipoPessoa: { column: 'tipo_pessoa', type: 'integer' },
      cpfCnpj: { column: 'cpf_cnpj', type: 'string' },
      uf: { column: 'uf', type: 'string' },
      categoriaId: { column: 'categoria_id', type: 'integer' },
      marcaIds: { column: 'marca_ids', type: 'json' },
      limiteCredito: { column: 'limite_credito', type: 'number' },
    });
  });

  it('adds filialId for branch-scoped entities and no tenant column for global ones', () => {
    expect(entityToFieldMap(resolveEntity('categoria', sampleSchemas)).filialId).toEqual({
      column: 'filial_id',
      type: 'integer',
    });
    const global = { ...resolveEntity('categoria', sampleSchemas), scope: 'global' as const };
    expect(entityToFieldMap(global)).not.toHaveProperty('empresaId');
  });
});
