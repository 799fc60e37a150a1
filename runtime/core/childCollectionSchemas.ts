import { type EntitySchemaContext, entityJsonSchema, type JsonSchema } from './entityJsonSchema.ts';
import type { ResolvedEntity } from './resolveEntity.ts';

/**
 * Items schema of each child collection of `entity`: as a record of the child (output) or as an item
 * written through the parent (input: the child's input schema without its foreign key, with an optional
 * id). `ref` names a registered component instead of inlining the schema (OpenAPI).
 */
export function childCollectionSchemas(
  entity: ResolvedEntity,
  context: EntitySchemaContext,
  mode: 'input' | 'output',
  resolve: (name: string) => ResolvedEntity | undefined,
  ref?: (child: ResolvedEntity, mode: 'input' | 'output') => string,
): Record<string, JsonSchema> {
  const schemas: Record<string, JsonSchema> = {};
  for (const [name, spec] of Object.entries(entity.children)) {
    const child = resolve(spec.entity);
    if (!child) continue;
    schemas[name] = ref
      ? { $ref: ref(child, mode) }
      : entityJsonSchema(child, context, mode === 'output' ? { mode } : { mode, ownedBy: spec.foreignKey });
  }
  return schemas;
}
