/** Resource and display field of a relation's target entity, and the target's numeric fields. */
export interface RelationTarget {
  resource: string;
  display: string;
  numeric?: readonly string[];
}

/**
 * The ui:options of a relation picker: the target's resource, the field shown (the relation's own display,
 * else the target's) and whether that field is a number (a nota or pedido shown by its numero), which the
 * search matches by value since a contains search applies to text only.
 */
export function relationOptions(target: RelationTarget, display?: string) {
  const shown = display ?? target.display;
  return {
    resource: target.resource,
    display: shown,
    ...(target.numeric?.includes(shown) ? { numericDisplay: true } : {}),
  };
}
