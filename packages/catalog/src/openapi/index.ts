/**
 * The API reference generated from the catalog (`@verigate/catalog/openapi`, server-side: its
 * examples are the sandbox's own answers). README.md in this folder says how it is derived.
 */
export { API_VERSION, documentedProducts, openApiDocument, productPath, serverUrl, type DocumentedProduct } from './document.js';
export { docEntries } from './entries.js';
export { EXAMPLE_IDS, EXAMPLE_NOW, exampleCalls, type ExampleCall } from './examples.js';
export { curlSample, type CodeSample, type Environment, type SampleCall } from './samples.js';
export { postmanCollection } from './postman.js';
