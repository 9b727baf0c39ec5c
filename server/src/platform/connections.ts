import type { Server } from 'node:http';
import type { Config } from '../config.js';
import { addressMatcher, clientAddress } from './ip-addresses.js';

/**
 * Slow clients cannot hold the server: a request must arrive whole within REQUEST_TIMEOUT_MS
 * (headers within HEADERS_TIMEOUT_MS), else Node answers 408 and closes the connection; these
 * deadlines are checked every second. The Fastify options and the http server options for that.
 */
export const timeoutOptions = (config: Pick<Config, 'REQUEST_TIMEOUT_MS' | 'HEADERS_TIMEOUT_MS'>) => ({
  requestTimeout: config.REQUEST_TIMEOUT_MS,
  http: { headersTimeout: config.HEADERS_TIMEOUT_MS, connectionsCheckingInterval: 1000 },
});

/**
 * One client address holds at most MAX_CONNECTIONS_PER_CLIENT open connections; one more is
 * closed as it opens. A trusted proxy (TRUSTED_PROXIES) carries many clients and is not capped.
 */
export function capConnectionsPerClient(server: Server, config: Pick<Config, 'MAX_CONNECTIONS_PER_CLIENT' | 'TRUSTED_PROXIES'>): void {
  const isTrustedProxy = addressMatcher(config.TRUSTED_PROXIES);
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = clientAddress(socket.remoteAddress ?? '');
    if (isTrustedProxy(address)) return;
    const count = open.get(address) ?? 0;
    if (count >= config.MAX_CONNECTIONS_PER_CLIENT) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
