import type { FastifyInstance } from 'fastify';
import { abuseVariants, type Variant, variantUrl } from './abuseVariants.ts';
import type { AbuseWorld, Actor } from './abuseWorld.ts';
import type { OpenApiDocument, Operation } from './openapiOperations.ts';

/** One answer that broke a rule: a 5xx, another tenant's marker, or a planted secret. */
export interface AbuseFailure {
  kind: '5xx' | 'leak' | 'secret' | 'envelope';
  operation: string;
  request: string;
  actor: Actor['name'];
  variant: string;
  status: number;
  detail: string;
}

export interface AbuseResult {
  operations: number;
  requests: number;
  /** How many answers broke each rule (the lists below keep the first ones only). */
  counts: Record<AbuseFailure['kind'], number>;
  /** Answers by status and error code (`400 DADOS_INVALIDOS`, `200`), to see what the API made of the abuse. */
  answers: Map<string, number>;
  serverErrors: AbuseFailure[];
  leaks: AbuseFailure[];
  secretLeaks: AbuseFailure[];
  /** Error answers outside the LoopBack envelope `{ error: { statusCode, name, message, code } }`. */
  badEnvelopes: AbuseFailure[];
}

export interface AbuseOptions {
  app: FastifyInstance;
  openapi: OpenApiDocument;
  world: AbuseWorld;
  /** The variants to send for one operation and actor (all of them in the full sweep). */
  pick?: (operation: Operation, actor: Actor, variants: Variant[]) => Variant[];
  /** Operations whose answers are not checked for secrets (each with the reason, e.g. "fixed on branch authz"). */
  secretExclusions?: Record<string, string>;
  /** Called with every answer's `status code` summary (tracing one kind of answer). */
  onAnswer?: (answer: string, operation: Operation, actor: Actor, variant: Variant, body: string) => void;
  /** Called after each operation (progress). */
  progress?: (done: number, total: number, result: AbuseResult) => void;
}

/** Operations that end or change the actor's session: the actors log in again after them. */
const SESSION_CHANGING = /logout|alteraSenha|primeiroAcesso|reset|selecionarFilial/;
const FAILURES_KEPT = 200;

/** FNV-1a: a stable number for a string (deterministic sampling). */
export function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

/** A bounded deterministic sample: the well-formed request plus `count` variants chosen by hash. */
export function sampleVariants(count: number) {
  return (operation: Operation, actor: Actor, variants: Variant[]): Variant[] => {
    const [base, ...rest] = variants;
    const chosen = new Set<Variant>();
    for (let index = 0; chosen.size < Math.min(count, rest.length); index++)
      chosen.add(rest[hash(`${operation.id}|${actor.name}|${index}`) % rest.length] as Variant);
    return base ? [base, ...chosen] : [...chosen];
  };
}

/** Whether an error answer is the LoopBack envelope with its status, a code and a message. */
function isEnvelope(status: number, body: string): boolean {
  try {
    const { error } = JSON.parse(body) as { error?: Record<string, unknown> };
    return (
      error?.statusCode === status &&
      typeof error.name === 'string' &&
      typeof error.code === 'string' &&
      typeof error.message === 'string' &&
      error.message.length > 0
    );
  } catch {
    return false;
  }
}

/** Sends one variant as the actor through app.inject. */
function send(app: FastifyInstance, operation: Operation, actor: Actor, variant: Variant, address: number) {
  return app.inject({
    method: operation.method,
    url: variantUrl(operation, variant),
    // A different client address per request, so per-IP limits (login, sign-up) do not hide routes.
    remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
    headers: {
      host: actor.host,
      ...(actor.token ? { authorization: actor.token } : {}),
      ...(variant.body ? { 'content-type': variant.body.contentType } : {}),
    },
    ...(variant.body ? { payload: variant.body.payload } : {}),
  });
}

/**
 * Sends every chosen variant of every operation as every actor through app.inject and checks each
 * answer: no 5xx, none of the markers of another company or white-label, none of the planted secrets.
 */
export async function runAbuse(options: AbuseOptions): Promise<AbuseResult> {
  const { app, openapi, world } = options;
  const pick = options.pick ?? ((_operation, _actor, variants) => variants);
  const result: AbuseResult = {
    operations: 0,
    requests: 0,
    serverErrors: [],
    leaks: [],
    secretLeaks: [],
    badEnvelopes: [],
    counts: { '5xx': 0, leak: 0, secret: 0, envelope: 0 },
    answers: new Map(),
  };
  const keep = (list: AbuseFailure[], failure: AbuseFailure) => {
    result.counts[failure.kind]++;
    if (list.length < FAILURES_KEPT) list.push(failure);
    else if (list.length === FAILURES_KEPT) list.push({ ...failure, detail: '… (more not kept)' });
  };
  const check = (
    operation: Operation,
    actor: Actor,
    variant: Variant,
    response: Awaited<ReturnType<typeof send>>,
  ) => {
    const url = variantUrl(operation, variant);
    const failure = (kind: AbuseFailure['kind'], detail: string): AbuseFailure => ({
      kind,
      operation: operation.id,
      request: `${operation.method} ${url.length > 160 ? `${url.slice(0, 160)}…` : url}`,
      actor: actor.name,
      variant: variant.label,
      status: response.statusCode,
      detail,
    });
    const body = response.rawPayload.toString('latin1');
    if (response.statusCode >= 500) keep(result.serverErrors, failure('5xx', body.slice(0, 300)));
    for (const marker of actor.forbidden)
      if (body.includes(marker)) keep(result.leaks, failure('leak', marker));
    const code = response.statusCode >= 400 ? /"code":"([^"]+)"/.exec(body.slice(0, 2000))?.[1] : undefined;
    const answer = code ? `${response.statusCode} ${code}` : String(response.statusCode);
    result.answers.set(answer, (result.answers.get(answer) ?? 0) + 1);
    options.onAnswer?.(answer, operation, actor, variant, body);
    if (response.statusCode >= 400 && !isEnvelope(response.statusCode, body))
      keep(result.badEnvelopes, failure('envelope', body.slice(0, 200)));
    if (!options.secretExclusions?.[operation.id])
      for (const secret of world.secrets)
        if (body.includes(secret.value)) keep(result.secretLeaks, failure('secret', secret.what));
  };
  let address = 0;
  const phases = [world.actors, [world.ownRecords]];
  const total = openapi.operations.length * phases.length;
  let done = 0;
  for (const actors of phases) {
    for (const operation of openapi.operations) {
      if (actors === world.actors) result.operations++;
      for (const actor of actors) {
        const target = operation.method === 'DELETE' ? (actor.deleteVictim ?? actor.victim) : actor.victim;
        const id = world.ids[target].get(operation.path) ?? 1;
        for (const variant of pick(operation, actor, abuseVariants(operation, openapi.resolve, id))) {
          address++;
          const response = await send(app, operation, actor, variant, address);
          result.requests++;
          check(operation, actor, variant, response);
        }
      }
      if (SESSION_CHANGING.test(operation.path)) await world.relogin();
      options.progress?.(++done, total, result);
    }
  }
  return result;
}

/** Failures as lines a person can read: kind, status, actor, operation, variant, request, detail. */
export function describeFailures(failures: AbuseFailure[]): string {
  return failures
    .map((f) => `${f.kind} ${f.status} ${f.actor} ${f.operation} [${f.variant}] ${f.request} → ${f.detail}`)
    .join('\n');
}
