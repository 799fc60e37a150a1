import type { FastifyRequest } from 'fastify';

/**
 * The origin written into e-mailed links: PUBLIC_URL when set; otherwise the page's own origin
 * (Origin header, else protocol + Host) when the white-label claims that host name. A host the
 * white-label does not claim is never trusted (it would let anyone send a victim a link to
 * their own site carrying a valid token); the white-label's first domain is used instead,
 * keeping the request's port so a local install still works.
 */
export function resetLinkOrigin(
  request: FastifyRequest,
  domains: readonly string[],
  publicUrl: string | undefined,
): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  const candidate =
    parseOrigin(request.headers.origin) ?? parseOrigin(`${request.protocol}://${request.host}`);
  if (candidate && domains.includes(candidate.hostname)) return candidate.origin;
  const protocol = candidate?.protocol ?? `${request.protocol}:`;
  const port = candidate?.port ? `:${candidate.port}` : '';
  return `${protocol}//${domains[0] ?? 'localhost'}${port}`;
}

function parseOrigin(value: string | undefined): URL | undefined {
  if (!value || value === 'null') return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}
