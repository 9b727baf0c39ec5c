/** The Team screen (/application/team), loaded by the router when first opened. */
export { TeamPage } from './routes/team-page';
