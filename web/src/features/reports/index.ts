/** The Reports screen (/application/reports), loaded by the router when first opened. */
export { ReportsPage } from './routes/reports';
