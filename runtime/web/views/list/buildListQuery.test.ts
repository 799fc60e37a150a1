import { describe, expect, it } from 'vitest';
import type { ResolvedEntity } from '../../../core/resolveEntity.ts';
import { buildListQuery } from './buildListQuery.ts';
import type { GridDefinition } from './listTypes.ts';

const entity = {
  name: 'cliente',
  resource: 'Clientes',
  label: 'Cliente',
  labelPlural: 'Clientes',
  scope: 'empresa',
  permission: 'VENDAS_CLIENTES',
  table: 'pessoa',
  base: 'pessoa',
  indexes: {},
  fixed: {},
  relations: {},
  children: {},
  fields: {
    nome: { type: 'string', label: 'Nome', search: true },
    cpfCnpj: { type: 'string', label: 'CPF/CNPJ', format: 'cpfCnpj' },
    limiteCredito: { type: 'money', label: 'Limite' },
    grupoId: { type: 'relation', label: 'Grupo', relation: { entity: 'grupoPessoa', display: 'nome' } },
  },
  customFields: {},
} satisfies ResolvedEntity;

const grid: GridDefinition = {
  entity: 'cliente',
  defaultOrder: 'nome ASC',
  columns: { nome: {}, grupoId: {}, limiteCredito: {} },
  searchFields: ['nome', 'cpfCnpj', 'limiteCredito'],
};

describe('buildListQuery', () => {
  it('orders by the grid default with id as the tie-breaker, and includes relation columns', () => {
    expect(buildListQuery(entity, grid, { search: '', sortModel: [], filterModel: {} })).toEqual({
      order: ['nome ASC', 'id ASC'],
      include: [{ relation: 'grupo' }],
    });
  });

  it('sorts by the grid sort model', () => {
    const query = buildListQuery(entity, grid, {
      search: '',
      sortModel: [{ colId: 'limiteCredito', sort: 'desc' }],
      filterModel: {},
    });
    expect(query.order).toEqual(['limiteCredito DESC', 'id ASC']);
  });

  it('searches the text fields with ilike (documents also without punctuation) and ANDs the filters', () => {
    const query = buildListQuery(entity, grid, {
      search: ' 12.345 ',
      sortModel: [],
      filterModel: { limiteCredito: { filterType: 'number', type: 'lessThan', filter: 50 } },
    });
    expect(query.where).toEqual({
      and: [
        {
          or: [
            { nome: { ilike: '%12.345%' } },
            { cpfCnpj: { ilike: '%12.345%' } },
            { cpfCnpj: { ilike: '%12345%' } },
          ],
        },
        { limiteCredito: { lt: 50 } },
      ],
    });
  });
});

describe('keysetAfter', () => {
  it('gives the sort value and id of the last row for a one-field order, id for an id order', async () => {
    const { keysetAfter } = await import('./buildListQuery.ts');
    const row = { id: 7, descricao: 'Ágata', precoVenda: null, cliente: { nome: 'x' } };
    expect(keysetAfter(['descricao DESC', 'id ASC'], row)).toEqual(['Ágata', 7]);
    expect(keysetAfter(['precoVenda ASC', 'id ASC'], row)).toEqual([null, 7]);
    expect(keysetAfter(['id DESC'], row)).toEqual([7]);
    // Several fields, a field the row lacks, a related field: the next block uses skip.
    expect(keysetAfter(['descricao ASC', 'codigo ASC', 'id ASC'], row)).toBeUndefined();
    expect(keysetAfter(['codigo ASC', 'id ASC'], row)).toBeUndefined();
    expect(keysetAfter(['cliente.nome ASC', 'id ASC'], row)).toBeUndefined();
    expect(keysetAfter(['descricao ASC', 'id ASC'], undefined)).toBeUndefined();
  });
});

describe('buildListQuery: link filter', () => {
  it('ANDs the where a link opened the list with before the search', () => {
    const entity = {
      name: 'pedidoVenda',
      resource: 'PedidosVenda',
      fields: { numero: { type: 'integer' }, observacao: { type: 'string', search: true } },
    } as never;
    const query = buildListQuery(entity, { columns: { numero: {} } } as never, {
      search: 'urgente',
      sortModel: [],
      filterModel: null,
      where: { situacao: { inq: ['aprovado'] } },
    });
    expect(query.where).toEqual({
      and: [{ situacao: { inq: ['aprovado'] } }, { observacao: { ilike: '%urgente%' } }],
    });
    const alone = buildListQuery(entity, { columns: {} } as never, {
      search: '',
      sortModel: [],
      filterModel: null,
      where: { id: { inq: [1, 2] } },
    });
    expect(alone.where).toEqual({ id: { inq: [1, 2] } });
  });
});
