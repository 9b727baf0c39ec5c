import { RedocStandalone } from 'redoc';
import type { OpenApiDocument } from '@/features/docs/api/get-openapi-document';
import './api-reference.css';

const FONT = "Inter, 'Inter var', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
const MONO = "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace";

/** The portal shell's top bar: Redoc keeps its menu and headings below it. */
const TOP_BAR_HEIGHT = 60;

interface ApiReferenceProps {
  document: OpenApiDocument;
}

/**
 * The interactive reference, rendered by Redoc from the OpenAPI document (its anchors
 * `#tag/{tag}/operation/{operation}` are the catalogue's documentation links). Loaded only on
 * /doc, in a chunk of its own.
 */
export default function ApiReference({ document }: ApiReferenceProps) {
  return (
    <div className="api-reference">
      <RedocStandalone
        spec={document}
        options={{
          scrollYOffset: TOP_BAR_HEIGHT,
          hideDownloadButtons: true,
          requiredPropsFirst: true,
          expandResponses: '200',
          jsonSamplesExpandLevel: 3,
          theme: {
            colors: { primary: { main: '#1c56e3' } },
            typography: {
              fontFamily: FONT,
              headings: { fontFamily: FONT, fontWeight: '700' },
              code: { fontFamily: MONO },
            },
            sidebar: { width: '260px' },
            rightPanel: { width: '42%' },
          },
        }}
      />
    </div>
  );
}
