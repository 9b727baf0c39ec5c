import { docEntries, type DocumentedProduct, documentedProducts, openApiDocument, postmanCollection } from '@verigate/catalog/openapi';
import type { DocEntry } from '@verigate/contracts';
import type { AppService } from '../apps/service.js';

interface Dependencies {
  /** PUBLIC_URL: the servers, samples and hosted pages the reference names. */
  baseUrl: string;
  apps: Pick<AppService, 'list'>;
}

/**
 * The API reference (seed 001 §2 API documentation), generated from the catalog once per process
 * when first asked for: the public OpenAPI document, and the doc entries of GET /doc, which show
 * the organisation's test app id (never a key).
 */
export function createDocsService({ baseUrl, apps }: Dependencies) {
  let documented: DocumentedProduct[] | undefined;
  let openApiJson: string | undefined;
  let postmanJson: string | undefined;
  const products = () => (documented ??= documentedProducts(baseUrl));
  const openApi = () => (openApiJson ??= JSON.stringify(openApiDocument(baseUrl, products())));

  return {
    /** The OpenAPI document as JSON text, the same for everyone. */
    openApi(): string {
      return openApi();
    },

    /** The Postman collection, generated from the OpenAPI document. */
    postman(): string {
      return (postmanJson ??= JSON.stringify(postmanCollection(JSON.parse(openApi()))));
    },

    async entries(organisationId: string): Promise<DocEntry[]> {
      const testApp = (await apps.list(organisationId)).find((app) => app.is_test_app);
      return docEntries(baseUrl, testApp?._id, products());
    },
  };
}

export type DocsService = ReturnType<typeof createDocsService>;
