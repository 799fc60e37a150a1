import type { ResolvedEntity } from '../../../core/resolveEntity.ts';
import { HttpError } from '../../errors.ts';

/**
 * 404 of a record that does not exist or belongs to another tenant: "<label> não encontrado(a).", with
 * LoopBack 3's code (MODEL_NOT_FOUND, which its clients test for) and the product's beside it.
 */
export function recordNotFound(entity: ResolvedEntity): HttpError {
  const ending =
    entity.gender === 'f' ? 'encontrada' : entity.gender === 'm' ? 'encontrado' : 'encontrado(a)';
  return new HttpError(
    404,
    'MODEL_NOT_FOUND',
    `${entity.label} não ${ending}.`,
    undefined,
    'REGISTRO_NAO_ENCONTRADO',
  );
}
