import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

/**
 * Outbound HTTP to addresses a tenant configured (CRM, webhooks): README "Segurança". https only, public
 * addresses only — every resolved address is checked and the connection goes to the checked address (no DNS
 * rebinding window) —, redirects followed by hand and checked again, a time cap and a response-size cap.
 * `OUTBOUND_ALLOW_PRIVATE=1` lifts the address and scheme rules for local development and tests against a
 * fake server on this machine; never set it in production.
 */

const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv6');

/** The IPv4 address an IPv6 address carries (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96), if any. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted?.[1]) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex?.[1] && hex[2]) {
    const high = Number.parseInt(hex[1], 16);
    const low = Number.parseInt(hex[2], 16);
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  return null;
}

/** Whether `address` (IPv4 or IPv6 literal) is a public unicast address. */
export function isPublicAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return !PRIVATE.check(address, 'ipv4');
  if (version !== 6) return false;
  const v4 = embeddedIpv4(address);
  if (v4) return isPublicAddress(v4);
  return !PRIVATE.check(address, 'ipv6');
}

export class OutboundRefusedError extends Error {}

export interface SafeFetchOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs?: number;
  maxResponseBytes?: number;
  maxRedirects?: number;
  /** Which resolved addresses may be reached; default: public ones (all with OUTBOUND_ALLOW_PRIVATE=1). */
  allowAddress?: (address: string, url: URL) => boolean;
  /** Whether plain http is accepted; default only with OUTBOUND_ALLOW_PRIVATE=1. */
  allowHttp?: boolean;
}

export interface SafeResponse {
  status: number;
  ok: boolean;
  headers: http.IncomingHttpHeaders;
  text: string;
  json<T = unknown>(): T;
}

const allowPrivate = () => process.env.OUTBOUND_ALLOW_PRIVATE === '1';

async function resolveChecked(
  url: URL,
  options: SafeFetchOptions,
): Promise<{ address: string; family: number }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host)
    ? [{ address: host, family: isIP(host) }]
    : await lookup(host, { all: true, verbatim: true }).catch(() => {
        throw new OutboundRefusedError(`o endereço ${host} não foi encontrado (DNS)`);
      });
  const allowed = options.allowAddress ?? ((address: string) => allowPrivate() || isPublicAddress(address));
  const refused = addresses.find((entry) => !allowed(entry.address, url));
  if (refused || addresses.length === 0)
    throw new OutboundRefusedError(
      `${host} aponta para um endereço interno (${refused?.address ?? 'nenhum'}); só endereços públicos são aceitos`,
    );
  return addresses[0] as { address: string; family: number };
}

function requestOnce(url: URL, pinned: { address: string; family: number }, options: SafeFetchOptions) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>(
    (resolve, reject) => {
      const maxBytes = options.maxResponseBytes ?? 1024 * 1024;
      const client = url.protocol === 'https:' ? https : http;
      const request = client.request(
        url,
        {
          method: options.method ?? 'GET',
          headers: options.headers,
          // The connection goes to the address that was checked, whatever DNS answers now.
          lookup: (_hostname, lookupOptions, callback) => {
            if ((lookupOptions as { all?: boolean }).all)
              (callback as (error: null, addresses: Array<{ address: string; family: number }>) => void)(
                null,
                [pinned],
              );
            else callback(null, pinned.address, pinned.family);
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          let tooBig = false;
          response.on('data', (chunk: Buffer) => {
            if (tooBig) return;
            size += chunk.length;
            if (size > maxBytes) {
              tooBig = true;
              reject(new OutboundRefusedError(`a resposta passou de ${maxBytes} bytes`));
              response.destroy();
              return;
            }
            chunks.push(chunk);
          });
          response.on('end', () => {
            if (tooBig) return;
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              text: Buffer.concat(chunks).toString('utf8'),
            });
          });
          response.on('error', (error) => {
            if (!tooBig) reject(error);
          });
        },
      );
      request.setTimeout(options.timeoutMs ?? 10_000, () =>
        request.destroy(new OutboundRefusedError(`sem resposta em ${options.timeoutMs ?? 10_000} ms`)),
      );
      request.on('error', reject);
      request.end(options.body);
    },
  );
}

/** A request to a tenant-configured URL under the outbound rules; throws OutboundRefusedError when refused. */
export async function safeFetch(target: string, options: SafeFetchOptions = {}): Promise<SafeResponse> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new OutboundRefusedError(`endereço inválido: ${target}`);
  }
  let current = { ...options };
  for (let redirects = 0; ; redirects++) {
    const httpAllowed = options.allowHttp ?? allowPrivate();
    if (url.protocol !== 'https:' && !(httpAllowed && url.protocol === 'http:'))
      throw new OutboundRefusedError(`só endereços https são aceitos (${url.protocol}//${url.host})`);
    if (url.username || url.password)
      throw new OutboundRefusedError('endereços com usuário e senha não são aceitos');
    const pinned = await resolveChecked(url, current);
    const answer = await requestOnce(url, pinned, current);
    const location = answer.headers.location;
    if ([301, 302, 303, 307, 308].includes(answer.status) && location) {
      if (redirects >= (options.maxRedirects ?? 3))
        throw new OutboundRefusedError('redirecionamentos demais');
      url = new URL(location, url);
      if (
        answer.status === 303 ||
        ((answer.status === 301 || answer.status === 302) && current.method === 'POST')
      )
        current = { ...current, method: 'GET', body: undefined };
      continue;
    }
    return {
      status: answer.status,
      ok: answer.status >= 200 && answer.status < 300,
      headers: answer.headers,
      text: answer.text,
      json: <T>() => JSON.parse(answer.text) as T,
    };
  }
}
