/**
 * Matches a hash route (without "#/") against a route pattern whose ":name" segments capture the
 * route's segment: the captured values (decoded), or null when it does not match.
 */
export function matchRoutePattern(pattern: string, route: string): Record<string, string> | null {
  const expected = pattern.split('/').filter(Boolean);
  const actual = route.split('/').filter(Boolean);
  if (expected.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of expected.entries()) {
    const value = actual[index] ?? '';
    if (segment.startsWith(':')) params[segment.slice(1)] = decodeURIComponent(value);
    else if (segment !== value) return null;
  }
  return params;
}
