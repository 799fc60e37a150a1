import { HttpError } from '../../errors.ts';
import type { RecordEntity } from './recordEntity.ts';

const DUPLICATE = 'Registro duplicado, verifique os dados e tente novamente';
const IN_USE = 'Este registro está em uso e não pode ser excluído.';

/**
 * Turns a PostgreSQL constraint error of a write into the API's answer: a unique index → 409 naming the
 * fields it covers (so the form marks them; a singleton's index says the record already exists), a foreign key on delete → 409 "em uso", on insert/update →
 * 400. Other errors pass through unchanged.
 */
export function translateWriteError(
  error: unknown,
  record: RecordEntity,
  operation: 'write' | 'delete',
): unknown {
  const { code, constraint } = (error ?? {}) as { code?: string; constraint?: string };
  if (code === '23505') {
    const index = record.indexes.find((plan) => plan.name === constraint);
    if (index?.singleton) {
      // One record per empresa or filial: say so, there is no field to blame.
      const { label, scope } = record.entity;
      const message = `Já existe um registro de ${label} para esta ${scope}: altere o registro existente em vez de criar outro.`;
      return new HttpError(409, 'REGISTRO_UNICO', message);
    }
    const fields = (index?.fields ?? []).map((campo) => ({
      campo,
      mensagem: `${record.entity.fields[campo]?.label ?? campo}: já existe um registro com este valor`,
    }));
    return new HttpError(409, 'REGISTRO_DUPLICADO', DUPLICATE, fields.length > 0 ? { fields } : undefined);
  }
  // 23001: ON DELETE RESTRICT; 23503: any other foreign key violation.
  if ((code === '23503' || code === '23001') && operation === 'delete')
    return new HttpError(409, 'REGISTRO_EM_USO', IN_USE);
  if (code === '23503') {
    return new HttpError(
      400,
      'REGISTRO_RELACIONADO_INEXISTENTE',
      'Um registro relacionado informado não existe.',
    );
  }
  return error;
}
