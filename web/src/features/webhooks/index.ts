/** The Webhooks screen (/application/webhooks), loaded by the router when first opened. */
export { WebhooksPage } from './routes/webhooks-page';
