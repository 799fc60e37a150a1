import { isPlainObject } from './mergePatch.ts';

/**
 * The key a patch gives a member of an ordered map (form tabs, sections and fields, grid columns, menu
 * items, screen cards) to move it: RFC 7396 keeps existing members in place, so reordering needs a directive.
 */
export const ORDER_KEY = '$order';

/**
 * Reorders, at every depth, the members of maps where a patch set `$order` (a 1-based position), then removes
 * the directive, so the merged schema is a plain schema in the new order. Members without a position keep
 * their index among the others; a tie puts the positioned member first. Inputs are not mutated.
 */
export function applyOrderDirectives(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(applyOrderDirectives);
  if (!isPlainObject(value)) return value;
  const entries = Object.entries(value).map(([key, member]) => [key, applyOrderDirectives(member)] as const);
  const positioned = entries.some(
    ([, member]) => isPlainObject(member) && typeof member[ORDER_KEY] === 'number',
  );
  const ranked = entries.map(([key, member], index) => {
    if (!isPlainObject(member) || !(ORDER_KEY in member)) return { key, member, rank: index, own: 1 };
    const { [ORDER_KEY]: position, ...rest } = member;
    return { key, member: rest, rank: typeof position === 'number' ? position - 1 : index, own: 0 };
  });
  if (positioned) ranked.sort((a, b) => a.rank - b.rank || a.own - b.own);
  return Object.fromEntries(ranked.map(({ key, member }) => [key, member]));
}
