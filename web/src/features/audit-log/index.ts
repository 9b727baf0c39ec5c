/** The Audit Log screen (/application/audit-log), loaded by the router when first opened. */
export { AuditLogPage } from './routes/audit-log-page';
