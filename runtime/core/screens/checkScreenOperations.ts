import type { SchemaIssue } from '../createSchemaValidator.ts';
import { overrideTarget, schemaKind } from '../schemaKind.ts';
import { applyOverride, type SchemaFiles } from '../validateSchemaSet.ts';
import { screenOperationIds } from './screenOperationIds.ts';

/** The operationIds of an OpenAPI document (any version: only `paths.*.*.operationId` is read). */
export function openApiOperationIds(document: unknown): Set<string> {
  const ids = new Set<string>();
  const paths = (document as { paths?: Record<string, Record<string, { operationId?: unknown }>> }).paths;
  for (const item of Object.values(paths ?? {}))
    for (const operation of Object.values(item ?? {}))
      if (typeof operation?.operationId === 'string') ids.add(operation.operationId);
  return ids;
}

/**
 * Checks that every operationId named by a screen declaration — as shipped and as each tenant patch
 * leaves it — and by the row actions of a grid or a lookup is an operation of the API, so that a wrong name fails the checks, not the user's click.
 */
export function checkScreenOperations(files: SchemaFiles, operationIds: Set<string>): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  const check = (file: string, declaration: unknown) => {
    for (const { pointer, operationId } of screenOperationIds(declaration))
      if (!operationIds.has(operationId))
        issues.push({
          file,
          pointer,
          message: `operação "${operationId}" não existe em generated/openapi.json (regra: operationId)`,
        });
  };
  // Row actions (of a grid or a lookup screen) name operations too.
  const checkRowActions = (file: string, declaration: unknown) => {
    const actions = (declaration as { rowActions?: Array<{ action?: unknown }> } | null)?.rowActions ?? [];
    actions.forEach((action, index) => {
      if (typeof action?.action === 'string' && !operationIds.has(action.action))
        issues.push({
          file,
          pointer: `/rowActions/${index}/action`,
          message: `operação "${action.action}" não existe em generated/openapi.json (regra: operationId)`,
        });
    });
  };
  for (const [path, content] of Object.entries(files)) {
    if (schemaKind(path) === 'screen') check(path, content);
    if (schemaKind(path) === 'screen' || schemaKind(path) === 'grid') checkRowActions(path, content);
    const target = overrideTarget(path);
    if (target && schemaKind(target) === 'screen' && target in files) {
      const patched = applyOverride(files[target], content);
      check(path, patched);
      checkRowActions(path, patched);
    }
  }
  return issues;
}
