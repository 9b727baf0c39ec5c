import { Alert, Box, Button, Checkbox, Group, Loader, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { FormEvent, Ref } from 'react';
import type { Country } from '@/lib/api/reference/get-countries';
import type { Category } from '@/features/onboarding/api/get-categories';
import { categoryOptions } from '@/features/onboarding/category-options';
import type { OrganisationForm } from '@/features/onboarding/use-organisation-form';
import { CountrySelect } from './country-select';
import { focusFirstInvalid } from './focus-first-invalid';

interface OrganisationStepProps {
  form: OrganisationForm;
  countries: UseQueryResult<Country[]>;
  categories: UseQueryResult<Category[]>;
  headingRef: Ref<HTMLHeadingElement>;
  onNext: () => void;
}

/** Step 1 of Create your Organisation: names, business category and country. */
export function OrganisationStep({ form, countries, categories, headingRef, onNext }: OrganisationStepProps) {
  const { legalName, tradeName, sameAsLegal, category, country } = form;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (form.validate()) onNext();
    else focusFirstInvalid(event.currentTarget);
  };

  return (
    <Box component="form" onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Title order={2} fz="lg" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
          Organisation details
        </Title>
        {(countries.isError || categories.isError) && (
          <Alert color="red" variant="light" title="Some choices could not be loaded">
            <Stack gap="xs" align="flex-start">
              <Text fz="sm">{(countries.error ?? categories.error)?.message}</Text>
              <Button
                size="xs"
                variant="white"
                color="red"
                onClick={() => {
                  if (countries.isError) void countries.refetch();
                  if (categories.isError) void categories.refetch();
                }}
              >
                Try again
              </Button>
            </Stack>
          </Alert>
        )}
        <TextInput label="Business Legal Name" autoComplete="organization" {...legalName.inputProps} />
        <Stack gap={8}>
          <TextInput
            label="Business Trade Name"
            {...tradeName.inputProps}
            value={sameAsLegal ? legalName.value : tradeName.value}
            error={sameAsLegal ? null : tradeName.error}
            disabled={sameAsLegal}
          />
          <Checkbox label="Same as Business Legal Name" checked={sameAsLegal} onChange={(event) => form.setSameAsLegal(event.currentTarget.checked)} />
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            size="md"
            label="Business Category"
            placeholder={categories.isPending ? 'Loading categories…' : 'Select a category'}
            disabled={categories.isPending}
            rightSection={categories.isPending ? <Loader size={16} /> : undefined}
            data={categoryOptions(categories.data ?? [])}
            value={category.value}
            onChange={category.choose}
            onBlur={() => category.check()}
            error={category.error}
            allowDeselect={false}
            searchable
            nothingFoundMessage="No category matches"
          />
          <CountrySelect
            countries={countries.data}
            loading={countries.isPending}
            value={country.value}
            error={country.error}
            onChange={country.choose}
            onBlur={() => country.check()}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="xs">
          <Button type="submit" miw={150}>
            Next
          </Button>
        </Group>
      </Stack>
    </Box>
  );
}
