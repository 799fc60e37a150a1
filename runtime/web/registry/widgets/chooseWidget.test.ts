import { describe, expect, it } from 'vitest';
import type { EntityField, ResolvedEntity } from '../../../core/resolveEntity.ts';
import { chooseWidget } from './chooseWidget.ts';

const entity = { name: 'categoria', tree: 'categoriaPaiId', fields: {} } as unknown as ResolvedEntity;
const pick = (name: string, field: Partial<EntityField>) =>
  chooseWidget({ name, field: { label: name, type: 'string', ...field } as EntityField, entity });

describe('chooseWidget', () => {
  it('picks a widget by type and format when the form names none', () => {
    expect(pick('valor', { type: 'money' })).toBe('MoneyWidget');
    expect(pick('margem', { type: 'percent' })).toBe('PercentWidget');
    expect(pick('doc', { format: 'cpfCnpj' })).toBe('CpfCnpjWidget');
    expect(pick('fone', { mask: 'phone' })).toBe('PhoneWidget');
    expect(pick('cep', { format: 'cep' })).toBe('CepWidget');
    expect(pick('uf', { type: 'enum', enum: 'uf' })).toBe('EnumWidget');
    expect(pick('marcaId', { type: 'relation', relation: { entity: 'marca' } })).toBe('RelationWidget');
    expect(pick('data', { type: 'date' })).toBe('DateWidget');
    expect(pick('obs', { type: 'text' })).toBe('TextareaWidget');
    expect(pick('senha', { writeOnly: true })).toBe('PasswordWidget');
    expect(pick('filiais', { type: 'relation', multiple: true, relation: { entity: 'filial' } })).toBe(
      'RelationWidget',
    );
    expect(pick('nome', {})).toBeUndefined();
  });

  it('ranks the tree parent over the plain relation, and extra rules over the defaults', () => {
    const parent = { type: 'relation', relation: { entity: 'categoria' } } as const;
    expect(pick('categoriaPaiId', parent)).toBe('TreeParentWidget');
    expect(pick('codigoMunicipio', { type: 'integer' })).toBe('MunicipioWidget');
    const custom = [{ rank: 100, widget: 'MyMoney', test: () => true }];
    expect(chooseWidget({ name: 'valor', field: { label: 'Valor', type: 'money' }, entity }, custom)).toBe(
      'MyMoney',
    );
  });
});
