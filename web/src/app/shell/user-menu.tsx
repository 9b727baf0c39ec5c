import { Avatar, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useRef } from 'react';
import { STORAGE_KEYS } from '@verigate/contracts';
import { Link } from 'react-router';
import { useLogout } from '@/features/auth/api/logout';
import { ChangePasswordModal } from '@/features/auth/components/change-password-modal';
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
  const name = [storage.get(STORAGE_KEYS.firstname), storage.get(STORAGE_KEYS.lastname)].filter(Boolean).join(' ');
  const email = storage.get(STORAGE_KEYS.email) ?? '';

  return (
    <>
      <Menu position="bottom-end" width={260} shadow="md" withinPortal returnFocus={!changingPassword}>
        <Menu.Target>
          <UnstyledButton ref={avatar} aria-label="Account menu" className="avatar-button">
            <Avatar name={name || email} color="brand" radius="xl" />
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
          {businessInfo && (
            <Menu.Item component={Link} to="/my-account">
              Business Info
            </Menu.Item>
          )}
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
