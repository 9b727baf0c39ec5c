/** The Security screen (/security), loaded by the router when first opened. */
export { SecurityPage } from './routes/security-page';
