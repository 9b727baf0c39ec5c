import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { isRange } from '@/features/apps/ip-whitelist';
import { ListRow } from './list-row';

interface AddressListProps {
  title: string;
  note?: string;
  ips: string[];
  empty?: string;
  removedStyle?: boolean;
  renderAction: (ip: string) => ReactNode;
}

/** The whitelisted addresses, or those marked for removal (struck through), each with its action. */
export function AddressList({ title, note, ips, empty, removedStyle, renderAction }: AddressListProps) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <Group gap="xs" mb={6}>
        <Title order={3} fz="sm" id={titleId}>
          {title}
        </Title>
        <Badge size="sm" variant="light" color={removedStyle ? 'red' : 'gray'} radius="sm">
          {ips.length}
        </Badge>
        {note && (
          <Text fz="xs" c="dimmed">
            {note}
          </Text>
        )}
      </Group>
      {ips.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }} className={removedStyle ? 'ip-removed' : undefined}>
          {ips.map((ip) => (
            <ListRow key={ip} action={renderAction(ip)}>
              <Group gap="xs" wrap="nowrap" miw={0}>
                <Text component="span" fz="sm" className="ip-address">
                  {ip}
                </Text>
                {isRange(ip) && (
                  <Badge size="xs" variant="outline" color="brand" radius="sm" tt="none">
                    Range
                  </Badge>
                )}
              </Group>
            </ListRow>
          ))}
        </Stack>
      )}
    </section>
  );
}
