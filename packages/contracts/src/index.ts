export * from './constants.js';
export * from './envelope.js';
export * from './user.js';
export * from './rules/rule.js';
export * from './rules/email.js';
export * from './rules/names.js';
export * from './rules/password.js';
