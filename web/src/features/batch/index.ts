/** What the router takes from the batch service: its screen. */
export { BatchServicePage } from './routes/batch-service';
