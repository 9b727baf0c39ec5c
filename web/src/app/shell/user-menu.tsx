import { Avatar, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useLayoutEffect, useRef, useState } from 'react';
import { ROLE_LABELS, ROLES, STORAGE_KEYS, type Role } from '@verigate/contracts';
import { Link } from 'react-router';
import { IconCheck } from '@/components/icons';
import { useLogout } from '@/features/auth/api/logout';
import { ChangePasswordModal } from '@/features/auth/components/change-password-modal';
import { currentOrganisationId, organisationQuery } from '@/lib/api/organisations/get-organisation';
import { storedUserId, userQuery } from '@/lib/api/users/get-user';
import { storage } from '@/lib/storage';

interface UserMenuProps {
  /** Offer 'Business Info' (/my-account): once the user has an organisation, i.e. on the dashboard shell. */
  businessInfo?: boolean;
}

export function UserMenu({ businessInfo = false }: UserMenuProps) {
  const [changingPassword, changePassword] = useDisclosure(false);
  const avatar = useRef<HTMLButtonElement>(null);
  /**
   * The dialog takes the focus from the menu: the avatar is focused first, so the dialog gives the
   * focus back to it on close, and the closing menu does not return the focus to the avatar behind
   * the dialog's back (which blurred its first field into 'cannot be empty').
   */
  const openChangePassword = () => {
    avatar.current?.focus();
    changePassword.open();
  };
  const logout = useLogout();
  const userId = storedUserId() ?? '';
  const roles = useQuery({ ...userQuery(userId), enabled: userId !== '', staleTime: 60_000 }).data?.roles ?? [];
  const name = [storage.get(STORAGE_KEYS.firstname), storage.get(STORAGE_KEYS.lastname)].filter(Boolean).join(' ');
  const email = storage.get(STORAGE_KEYS.email) ?? '';

  // The menu is a popover: as its avatar mounts, Floating UI renders it a second time, at once, and
  // that second render took the screen's first effects into the same long task on every page load.
  // The avatar is drawn alone first and the menu built right after, in the background. An avatar
  // pressed before then opens the menu as it is built; one focused keeps the focus.
  const menuBuilt = useDeferredValue(true, false);
  const [pressedEarly, setPressedEarly] = useState(false);
  const menuShown = menuBuilt || pressedEarly;
  const focusedEarly = useRef(false);
  useLayoutEffect(() => {
    if (!menuShown || !focusedEarly.current) return;
    focusedEarly.current = false;
    avatar.current?.focus();
  }, [menuShown]);
  const avatarImage = <Avatar name={name || email} color="brand" radius="xl" />;
  if (!menuShown) {
    // Read as the early avatar leaves the page, before it is removed (which moves the focus away).
    const earlyAvatar = (button: HTMLButtonElement | null) => {
      avatar.current = button;
      return () => void (focusedEarly.current = button !== null && document.activeElement === button);
    };
    return (
      <UnstyledButton
        ref={earlyAvatar}
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-expanded={false}
        className="avatar-button"
        onClick={() => setPressedEarly(true)}
      >
        {avatarImage}
      </UnstyledButton>
    );
  }

  return (
    <>
      <Menu position="bottom-end" width={260} shadow="md" withinPortal returnFocus={!changingPassword} defaultOpened={pressedEarly}>
        <Menu.Target>
          <UnstyledButton ref={avatar} aria-label="Account menu" className="avatar-button">
            {avatarImage}
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Stack gap={0} px="sm" py="xs">
            <Text fw={600} truncate="end">
              {name}
            </Text>
            <Text fz="sm" c="dimmed" truncate="end">
              {email}
            </Text>
          </Stack>
          <Menu.Divider />
          {roles.length > 1 && (
            <>
              <Menu.Label>Organisations</Menu.Label>
              {roles.map(({ org_id, role }) => (
                <OrganisationItem key={org_id} organisationId={org_id} role={role} />
              ))}
              <Menu.Divider />
            </>
          )}
          {businessInfo && (
            <Menu.Item component={Link} to="/my-account">
              Business Info
            </Menu.Item>
          )}
          <Menu.Item component={Link} to="/security">
            Security
          </Menu.Item>
          <Menu.Item onClick={openChangePassword}>Change Password</Menu.Item>
          <Menu.Item color="red.9" c="red.9" onClick={() => logout.mutate()} disabled={logout.isPending}>
            Logout
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ChangePasswordModal opened={changingPassword} onClose={changePassword.close} />
    </>
  );
}

const roleLabel = (role: string) => ((ROLES as readonly string[]).includes(role) ? ROLE_LABELS[role as Role] : role);

/**
 * One of the user's organisations, with their role in it. Choosing another stores it as the one the
 * portal acts for (every call sends it as x-org-id) and starts the dashboard again, so nothing read
 * for the previous organisation stays on screen. The login's default stays the first role's.
 */
function OrganisationItem({ organisationId, role }: { organisationId: string; role: string }) {
  const organisation = useQuery(organisationQuery(organisationId));
  const current = organisationId === currentOrganisationId();
  const choose = () => {
    if (current) return;
    storage.set(STORAGE_KEYS.organisationId, organisationId);
    window.location.assign('/application/dashboard');
  };
  return (
    <Menu.Item onClick={choose} aria-current={current || undefined} rightSection={current ? <IconCheck size={16} /> : undefined}>
      <Text fz="sm" fw={current ? 700 : 500} truncate="end">
        {organisation.data?.name ?? (organisation.isError ? 'Organisation' : 'Loading…')}
      </Text>
      <Text fz="xs" c="dimmed">
        {roleLabel(role)}
      </Text>
    </Menu.Item>
  );
}
