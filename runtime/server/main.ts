import { loadConfig } from './config.ts';
import { startServer } from './startServer.ts';

const config = loadConfig();
const server = await startServer(config);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    server.app.log.info(`${signal} recebido; encerrando`);
    await server.stop();
    process.exit(0);
  });
}

await server.app.listen({ port: config.port, host: config.host });
