import type { ResolvedEntity } from '../../../core/resolveEntity.ts';
import { HttpError } from '../../errors.ts';

/** 404 of a record that does not exist or belongs to another tenant: "<label> não encontrado(a)." */
export function recordNotFound(entity: ResolvedEntity): HttpError {
  const ending =
    entity.gender === 'f' ? 'encontrada' : entity.gender === 'm' ? 'encontrado' : 'encontrado(a)';
  return new HttpError(404, 'REGISTRO_NAO_ENCONTRADO', `${entity.label} não ${ending}.`);
}
