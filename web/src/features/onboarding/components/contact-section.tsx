import { Accordion, Box, Button, CheckIcon, Group, SimpleGrid, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import type { FormEvent } from 'react';
import type { ContactFields } from '@/features/onboarding/use-contact-fields';
import { focusFirstInvalid } from './focus-first-invalid';

interface ContactSectionProps {
  value: string;
  title: string;
  contact: ContactFields;
  dialCode: string | undefined;
  phoneRequired: boolean;
  done: boolean;
  onSave: () => void;
}

/** One accordion section of the contact step: a contact form with its own Save, ticked once saved valid. */
export function ContactSection({ value, title, contact, dialCode, phoneRequired, done, onSave }: ContactSectionProps) {
  const { name, email, designation, phone } = contact.fields;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (contact.validate()) onSave();
    else focusFirstInvalid(event.currentTarget);
  };

  return (
    <Accordion.Item value={value}>
      <Group wrap="nowrap" gap={0} pr="md">
        <Accordion.Control>
          <Text fw={600}>{title}</Text>
        </Accordion.Control>
        {done && (
          <ThemeIcon role="img" aria-label={`${title} completed`} color="green" radius="xl" size={24} style={{ flexShrink: 0 }}>
            <CheckIcon size={11} />
          </ThemeIcon>
        )}
      </Group>
      <Accordion.Panel>
        <Box component="form" onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label="Name" autoComplete="off" {...name.inputProps} />
              <TextInput label="Email" type="email" autoComplete="off" {...email.inputProps} />
              <TextInput label="Designation" autoComplete="off" {...designation.inputProps} />
              <TextInput
                label="Phone number"
                type="tel"
                inputMode="numeric"

                description={phoneRequired ? undefined : 'Optional'}
                autoComplete="off"
                leftSection={
                  dialCode ? (
                    <Text fz="sm" c="dimmed">
                      {dialCode}
                    </Text>
                  ) : undefined
                }
                leftSectionWidth={dialCode ? 16 + dialCode.length * 9 : undefined}
                {...phone.inputProps}
              />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" variant="light">
                Save
              </Button>
            </Group>
          </Stack>
        </Box>
      </Accordion.Panel>
    </Accordion.Item>
  );
}
