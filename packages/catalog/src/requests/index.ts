export * from './actions.js';
export * from './fields.js';
export * from './response-codes.js';
export * from './schemas.js';
