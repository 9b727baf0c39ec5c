import { loadConfig } from '../server/src/config.js';

/** The app's settings in bench:gateway: one app driven as hard as it goes, so APP_RATE_LIMIT lifts the plan's limit. */
export const benchAppConfig = () => loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', CAPTCHA_COST: '20', APP_RATE_LIMIT: '1000000' });
