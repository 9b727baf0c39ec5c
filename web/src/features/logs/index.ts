/** The API Logs screen (/application/logs), loaded by the router when first opened. */
export { ApiLogsPage } from './routes/api-logs';
