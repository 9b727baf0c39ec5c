/** What other features may use of billing: the address of the all plans screen. */
export { plansPath } from './plans-path';
