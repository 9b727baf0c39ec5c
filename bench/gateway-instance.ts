/**
 * An app instance of bench:gateway ((b), and both of (c)) and bench:compare, in a process of its own
 * as an instance is deployed: started with the database's address, it opens its own pool, listens
 * on a free port and answers its port, then its CPU time and its event loop's busy time whenever
 * asked (an older build's instance, which bench:compare may run, answers its CPU time alone). It
 * closes when the bench disconnects. Before it answers its port it serves one portal request, as a
 * deployed instance serves the portal beside the provider API: whatever a portal request turns on
 * for the whole process (Node's promise hook, say) is then on while the bench measures.
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/src/app.js';
import { openDatabase } from '../server/src/db/client.js';
import { boundHeapGrowth } from '../server/src/platform/heap.js';
import { benchAppConfig } from './gateway-config.js';
import { ownProcessUsage } from './measure.js';

/** What it tells the bench; a start that fails exits, its error on the bench's stderr. */
export type InstanceMessage = { port: number } | { cpuMicros: number; loopBusyMs?: number };

boundHeapGrowth();
const url = process.argv[2];
if (!url) throw new Error('gateway-instance.ts needs the database URL as its argument');
const handle = await openDatabase(url);
const app = await buildApp({ config: benchAppConfig(), db: handle.db });
const portal = await app.inject({ method: 'GET', url: '/api/country' });
if (portal.statusCode !== 200) throw new Error(`the portal request before the bench answered ${portal.statusCode}`);
await app.listen({ port: 0, host: '127.0.0.1' });
process.send!({ port: (app.server.address() as AddressInfo).port } satisfies InstanceMessage);

process.on('message', () => process.send!(ownProcessUsage() satisfies InstanceMessage));
process.on('disconnect', () => {
  void app
    .close()
    .then(() => handle.close())
    .finally(() => process.exit(0));
});
