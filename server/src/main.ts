import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { startEmbeddedPostgres, type EmbeddedServer } from './db/embedded.js';
import { seedReferenceData } from './db/seed.js';

const config = loadConfig();
let embedded: EmbeddedServer | undefined;
if (!config.DATABASE_URL) embedded = await startEmbeddedPostgres(config.EMBEDDED_PG_DIR, config.EMBEDDED_PG_PORT, 'verigate');
const database = await openDatabase(config.DATABASE_URL ?? embedded!.url);
await seedReferenceData(database.db);

const app = await buildApp({ config, db: database.db });

async function shutdown(signal: string) {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
  await embedded?.stop();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.PORT, host: config.HOST });
app.log.info(`Verigate is serving ${config.PUBLIC_URL}${embedded ? ' with the embedded PostgreSQL' : ''}`);
