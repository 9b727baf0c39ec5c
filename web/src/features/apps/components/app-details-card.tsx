import { ActionIcon, Box, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import type { AppView } from '@verigate/contracts';
import type { ReactNode } from 'react';
import { DetailCard } from '@/components/detail-card';
import { IconCopy } from '@/components/icons';
import { formatDateTime } from '@/lib/format';

/** App Details: App ID (with a copy button), name, creation time, and the numbers of keys and products. */
export function AppDetailsCard({ app }: { app: AppView }) {
  return (
    <DetailCard headingOrder={3} title="App Details">
      <Box component="dl" className="app-detail-list">
        <Row label="App ID">
          <Group gap={4} wrap="nowrap">
            <Text component="span" fz="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {app._id}
            </Text>
            <CopyButton value={app._id} timeout={2000}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? 'Copied' : 'Copy App ID'} withArrow>
                  <ActionIcon variant="subtle" color={copied ? 'green' : 'gray'} onClick={copy} aria-label="Copy App ID">
                    <IconCopy size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
        </Row>
        <Row label="Name">{app.name}</Row>
        <Row label="Created At">{formatDateTime(app.createdAt)}</Row>
        <Row label="Keys">{app.keys.length}</Row>
        <Row label="Products">{app.service_access.length}</Row>
      </Box>
    </DetailCard>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="app-detail-row">
      <Text component="dt" fz="xs" c="dimmed" fw={600} tt="uppercase" lts={0.3}>
        {label}
      </Text>
      <Text component="dd" fz="sm" m={0}>
        {children}
      </Text>
    </div>
  );
}
