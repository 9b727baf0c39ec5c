import { Badge, Button, Divider, Group, Paper, Stack, Text } from '@mantine/core';

/** The Create-PIN intro box under OTP entry, while the organisation has no ZPIN (seed 000 §2). */
export function CreateZpinOffer({ onCreate }: { onCreate: () => void }) {
  return (
    <>
      <Divider label="or" labelPosition="center" />
      <Paper p="md" radius="md" className="step-up-new-box" component="section" aria-label="Create ZPIN">
        <Stack gap="xs" align="flex-start">
          <Group gap="xs">
            <Badge color="brand" variant="filled" size="sm" radius="sm" tt="none">
              New
            </Badge>
            <Text fw={700} fz="sm">
              Verify faster with a ZPIN
            </Text>
          </Group>
          <Text fz="sm" c="gray.7">
            Set a 4-digit ZPIN for your organisation and confirm sensitive changes without waiting for an email.
          </Text>
          <Button size="sm" variant="light" onClick={onCreate}>
            Create ZPIN
          </Button>
        </Stack>
      </Paper>
    </>
  );
}
