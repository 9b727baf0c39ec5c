import { renderToStaticMarkup } from 'react-dom/server';
import { BrandMark } from '@/components/brand';
import { IconHelp } from '@/components/icons';

/**
 * The dashboard's page as shapes, drawn at build time (in Node) for dashboard.html: the top bar,
 * the sidebar on a wide screen, the welcome line and the cards' loading state. The browser paints
 * it as soon as the page's stylesheet arrives, where it painted nothing until the app's code had
 * downloaded and run, a second or more later on a phone's network. It holds no words and no
 * controls (the user's name, role and organisation are known only to the app), is hidden from
 * assistive technology, and is inert until the app replaces it.
 */
export function renderDashboardShell(): string {
  return renderToStaticMarkup(
    <div className="shell-snapshot" aria-hidden="true">
      <header className="shell-snapshot-header">
        <span className="shell-snapshot-menu" />
        <span className="shell-snapshot-brand">
          <BrandMark />
        </span>
        <span className="shell-snapshot-shape shell-snapshot-title" />
        <span className="shell-snapshot-help">
          <IconHelp size={18} />
        </span>
        <span className="shell-snapshot-avatar" />
      </header>
      <nav className="shell-snapshot-sidebar" />
      <main className="shell-snapshot-main">
        <span className="shell-snapshot-welcome">
          <span className="shell-snapshot-shape shell-snapshot-greeting" />
          <span className="shell-snapshot-shape shell-snapshot-organisation" />
        </span>
        <span className="shell-snapshot-card shell-snapshot-checklist" />
        <span className="shell-snapshot-cards">
          <span className="shell-snapshot-card" />
          <span className="shell-snapshot-card" />
        </span>
      </main>
    </div>,
  );
}
