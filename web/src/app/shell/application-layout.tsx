import { ActionIcon, Anchor, AppShell, Box, Burger, Divider, Group, NavLink, Stack, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { memo, useEffect } from 'react';
import { Link, Navigate, NavLink as RouterNavLink, Outlet, useLocation, useMatches, type RouteObject } from 'react-router';
import { Brand } from '@/components/brand';
import { IconChevronLeft, IconDocs, IconHelp, IconSidebar } from '@/components/icons';
import type { Permission } from '@verigate/contracts';
import { batchTypesWanted, useBatchTypes } from '@/lib/api/batch/get-batch-types';
import { currentOrganisationId, useOrganisation } from '@/lib/api/organisations/get-organisation';
import { useClientConfig } from '@/lib/client-config';
import { allows, useRole } from '@/lib/use-role';
import { isShellHandle, routePaths, visibleNavigation, type NavigationItem, type ShellHandle } from './navigation';
import './application-layout.css';
import { UserMenu } from './user-menu';
import { useStaleUserCheck } from './use-stale-user-check';
import { PHONE_WIDTH, useMedia } from '@/lib/use-media';
import { useOnceTrue } from '@/lib/use-once-true';

interface ApplicationLayoutProps {
  /** The router's routes: the sidebar and the Docs link show only areas that exist. */
  routes: () => readonly RouteObject[];
}

let knownPaths: ReadonlySet<string> | undefined;
/** Every path of the whole router, read once, when the shell first renders (after the router exists). */
const registeredPathsOf = (routes: () => readonly RouteObject[]): ReadonlySet<string> => (knownPaths ??= routePaths(routes()));

/** The signed-in dashboard shell (/application/*, /my-account, /activation-form): top bar and sidebar. */
export function ApplicationLayout({ routes }: ApplicationLayoutProps) {
  // Without an organisation there is nothing to show here yet: onboarding creates one.
  if (!currentOrganisationId()) return <Navigate to="/onboarding" replace />;
  return <Shell routes={routes} />;
}

/** The deepest route's title and back link. */
function useShellHandle(): ShellHandle {
  const matches = useMatches();
  const handle: ShellHandle = {};
  for (const match of matches) {
    if (!isShellHandle(match.handle)) continue;
    if (match.handle.title) handle.title = match.handle.title;
    handle.back = match.handle.back;
    handle.wide = match.handle.wide;
  }
  return handle;
}

const BATCH_SERVICE_PATH = '/application/batch-service';

function Shell({ routes }: ApplicationLayoutProps) {
  const registeredPaths = registeredPathsOf(routes);
  const [mobileOpened, mobileNav] = useDisclosure(false);
  const [collapsed, desktopNav] = useDisclosure(false);
  const isMobile = useMedia(PHONE_WIDTH);
  const config = useClientConfig();
  const organisation = useOrganisation();
  const { title, back, wide } = useShellHandle();
  // A wide page (the API reference, with menus of its own) opens with the sidebar folded to icons.
  const foldSidebar = desktopNav.open;
  useEffect(() => {
    if (wide) foldSidebar();
  }, [wide, foldSidebar]);
  useStaleUserCheck();
  useDocumentTitle(title ? `${title} · Verigate` : 'Verigate');

  const role = useRole();
  const roleCan = (permission: Permission) => allows(role, permission);
  const status = organisation.data?.onboarding_status;
  const batchTypes = useBatchTypes(registeredPaths.has(BATCH_SERVICE_PATH) && batchTypesWanted(status, role));
  const items = visibleNavigation({ status, registeredPaths, batchAvailable: (batchTypes.data?.length ?? 0) > 0, can: roleCan });
  const iconsOnly = collapsed && !isMobile;
  // On a phone the sidebar is a drawer, closed as every screen first draws: its links (nearly a
  // third of the first render's components) are built the first time it opens, then kept.
  const linksBuilt = useOnceTrue(mobileOpened) || !isMobile;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: iconsOnly ? 72 : 240, breakpoint: 'sm', collapsed: { mobile: !mobileOpened } }}
      padding={wide ? 0 : { base: 'md', sm: 'lg' }}
      transitionDuration={150}
    >
      <AppShell.Header px={{ base: 'xs', sm: 'md' }}>
        <TopBar
          phone={isMobile}
          mobileOpened={mobileOpened}
          onToggleNavigation={mobileNav.toggle}
          collapsed={collapsed}
          onToggleSidebar={desktopNav.toggle}
          back={back}
          title={title}
          withDocs={registeredPaths.has('/doc')}
          supportUrl={config.supportUrl}
        />
      </AppShell.Header>

      <AppShell.Navbar id="app-navigation" aria-label="Main" p="sm" inert={isMobile && !mobileOpened}>
        {/* The browser's own scrolling: Mantine's ScrollArea re-renders the sidebar several times as the page settles. */}
        <AppShell.Section grow className="sidebar-scroll">
          <Stack gap={4}>
            {linksBuilt && items.map((item) => <SidebarLink key={item.path} item={item} iconsOnly={iconsOnly} onNavigate={mobileNav.close} />)}
          </Stack>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main bg={wide ? 'white' : 'gray.0'}>
        {wide ? (
          <Outlet />
        ) : (
          <Box maw={1200} mx="auto">
            <Outlet />
          </Box>
        )}
      </AppShell.Main>
    </AppShell>
  );
}

interface TopBarProps {
  /** On a phone the sidebar is a drawer that the menu button opens: there is no sidebar to fold. */
  phone: boolean;
  mobileOpened: boolean;
  onToggleNavigation: () => void;
  collapsed: boolean;
  onToggleSidebar: () => void;
  back: ShellHandle['back'];
  title: string | undefined;
  withDocs: boolean;
  supportUrl: string;
}

/**
 * The top bar: menu button, brand, sidebar toggle, back link, title, Docs, Help and the account
 * menu. Memoised: the shell renders again as the organisation, the role and the batch types
 * arrive, none of which the top bar shows, and its tooltip and menu would render with it.
 */
const TopBar = memo(function TopBar({ phone, mobileOpened, onToggleNavigation, collapsed, onToggleSidebar, back, title, withDocs, supportUrl }: TopBarProps) {
  return (
    <Group h="100%" justify="space-between" gap="xs" wrap="nowrap">
      <Group gap="xs" wrap="nowrap" miw={0}>
        <Burger
          hiddenFrom="sm"
          size="sm"
          opened={mobileOpened}
          onClick={onToggleNavigation}
          aria-label={mobileOpened ? 'Close navigation' : 'Open navigation'}
          aria-expanded={mobileOpened}
          aria-controls="app-navigation"
        />
        <Box visibleFrom="sm" component={Link} to="/application/dashboard" aria-label="Verigate home" className="brand-link">
          <Brand />
        </Box>
        {!phone && (
          <Tooltip label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'} position="bottom">
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              ml="md"
              onClick={onToggleSidebar}
              aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
              aria-expanded={!collapsed}
              aria-controls="app-navigation"
            >
              <IconSidebar />
            </ActionIcon>
          </Tooltip>
        )}
        <Divider orientation="vertical" visibleFrom="sm" h={24} style={{ alignSelf: 'center' }} />
        {back && (
          <Anchor component={Link} to={back.to} relative="path" fz="sm" c="dimmed" className="back-link">
            <IconChevronLeft size={16} />
            <span className="top-bar-link-label">{back.label}</span>
          </Anchor>
        )}
        <Title order={1} fz={{ base: 18, sm: 20 }} fw={700} className="top-bar-title">
          {title}
        </Title>
      </Group>
      <Group gap={4} wrap="nowrap">
        {withDocs && (
          <Anchor component={Link} to="/doc" className="top-bar-link">
            <IconDocs size={18} />
            <span className="top-bar-link-label">Docs</span>
          </Anchor>
        )}
        <Anchor href={supportUrl} target="_blank" rel="noopener noreferrer" className="top-bar-link">
          <IconHelp size={18} />
          <span className="top-bar-link-label">Help</span>
          <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
        </Anchor>
        <Box ml={4} display="flex">
          <UserMenu businessInfo />
        </Box>
      </Group>
    </Group>
  );
});

/** One area of the sidebar. Memoised: an area that appears as the organisation arrives leaves the others as they are. */
const SidebarLink = memo(function SidebarLink({ item, iconsOnly, onNavigate }: { item: NavigationItem; iconsOnly: boolean; onNavigate: () => void }) {
  const { pathname } = useLocation();
  const Icon = item.icon;
  const active = pathname === item.path || pathname.startsWith(`${item.path}/`);
  const link = (
    <NavLink
      component={RouterNavLink}
      to={item.path}
      label={iconsOnly ? undefined : item.label}
      aria-label={iconsOnly ? item.label : undefined}
      leftSection={<Icon size={20} />}
      active={active}
      onClick={onNavigate}
      className="sidebar-link"
      data-icons-only={iconsOnly || undefined}
      fw={600}
    />
  );
  return iconsOnly ? (
    <Tooltip label={item.label} position="right" withArrow>
      {link}
    </Tooltip>
  ) : (
    link
  );
});
