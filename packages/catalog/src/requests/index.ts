export * from './actions.js';
export { FIELD_MESSAGES, IDENTIFIERS, type IdentifierKind } from './fields.js';
export * from './response-codes.js';
export * from './refusals.js';
export * from './envelope.js';
export * from './schemas.js';
export * from './magic.js';
export * from './examples.js';
export * from './limits.js';
