import { buildApp } from './app.ts';

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '0.0.0.0';
const app = await buildApp({ logger: { level: process.env.LOG_LEVEL ?? 'info' } });

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} recebido; encerrando`);
    await app.close();
    process.exit(0);
  });
}

await app.listen({ port, host });
