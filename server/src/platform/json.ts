/** A parsed JSON value that is an object with fields (not an array, not null). */
export const isJsonObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
