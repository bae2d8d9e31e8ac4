import { loadConfig } from './config.ts';
import { usePrivateUmask } from './ops/private-files.ts';
import { createServer } from './server.ts';

// Before anything is written: the embedded database's files, blobs and keys are created private.
usePrivateUmask();

const config = loadConfig();
const server = await createServer({ config, demoHistory: config.demoHistory });
const { app } = server;

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down: finishing requests in flight');
  // A second signal, or requests that never finish, must not keep the process forever.
  const force = setTimeout(() => process.exit(1), 15_000);
  force.unref();
  try {
    await server.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`Signet is ready at http://localhost:${config.port} (API under /msbapi, docs at /msbapi/docs)`);
