import { Paper, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import type { Contact, Organisation } from '@verigate/contracts';
import { useState } from 'react';
import { QueryError } from '@/components/query-error';
import { useOrganisation } from '@/lib/api/organisations/get-organisation';
import { useCountryName } from '@/lib/api/reference/get-countries';
import type { ContactKind } from '@/features/account/api/update-contact';
import { CONTACT_TITLES, ContactEditModal } from '@/features/account/components/contact-edit-modal';
import { DetailCard } from '@/components/detail-card';
import { DetailList, EditButton, EmailLink, NotAssigned, PhoneLink } from '@/features/account/components/detail-cards';

/** /my-account: business information, managers and the two editable points of contact. */
export function MyAccountPage() {
  const organisation = useOrganisation();

  if (organisation.isPending) return <MyAccountSkeleton />;
  if (organisation.isError) {
    return (
      <QueryError
        title="Business information could not load"
        error={organisation.error}
        onRetry={() => organisation.refetch()}
        retrying={organisation.isFetching}
      />
    );
  }
  return <MyAccount organisation={organisation.data} />;
}

function MyAccount({ organisation }: { organisation: Organisation }) {
  const [editing, setEditing] = useState<ContactKind | null>(null);
  const countryName = useCountryName(organisation.country_code);
  const contacts: Record<ContactKind, Contact> = { technical: organisation.technical_poc, business: organisation.business_poc };

  return (
    <Stack gap="lg">
      <DetailCard title="Business Information">
        <DetailList
          rows={[
            { label: 'Organisation name', value: organisation.name },
            { label: 'Trade name', value: organisation.trade_name },
            { label: 'Category', value: organisation.category },
            { label: 'Country', value: countryName.data ?? organisation.country_code },
            ...(organisation.kyc ? [{ label: 'GSTIN', value: organisation.kyc.gstin }] : []),
          ]}
        />
      </DetailCard>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <DetailCard title="Account Manager">
          {organisation.kam && (organisation.kam.kam_name || organisation.kam.kam_email) ? (
            <DetailList
              rows={[
                { label: 'Name', value: organisation.kam.kam_name },
                { label: 'Email', value: <EmailLink email={organisation.kam.kam_email} /> },
                { label: 'Phone', value: <PhoneLink phone={organisation.kam.kam_phone} /> },
              ]}
            />
          ) : (
            <NotAssigned />
          )}
        </DetailCard>
        <DetailCard title="Business Manager">
          {organisation.business_manager && (organisation.business_manager.bm_name || organisation.business_manager.bm_email) ? (
            <DetailList
              rows={[
                { label: 'Name', value: organisation.business_manager.bm_name },
                { label: 'Email', value: <EmailLink email={organisation.business_manager.bm_email} /> },
                { label: 'Phone', value: <PhoneLink phone={organisation.business_manager.bm_phone} /> },
              ]}
            />
          ) : (
            <NotAssigned />
          )}
        </DetailCard>
        {(['technical', 'business'] as const).map((kind) => (
          <DetailCard key={kind} title={CONTACT_TITLES[kind]} action={<EditButton name={CONTACT_TITLES[kind]} onClick={() => setEditing(kind)} />}>
            <DetailList
              rows={[
                { label: 'Name', value: contacts[kind].name },
                { label: 'Designation', value: contacts[kind].designation },
                { label: 'Email', value: <EmailLink email={contacts[kind].email} /> },
                { label: 'Phone', value: <PhoneLink phone={contacts[kind].phone} /> },
              ]}
            />
          </DetailCard>
        ))}
      </SimpleGrid>
      <ContactEditModal kind={editing} contact={editing ? contacts[editing] : null} countryCode={organisation.country_code} onClose={() => setEditing(null)} />
    </Stack>
  );
}

function MyAccountSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-busy="true" aria-label="Loading business information">
      <Paper withBorder radius="lg" p="lg">
        <Skeleton h={20} w={200} mb="md" />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} h={36} />
          ))}
        </SimpleGrid>
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {Array.from({ length: 4 }, (_, index) => (
          <Paper key={index} withBorder radius="lg" p="lg">
            <Skeleton h={20} w={160} mb="md" />
            <Skeleton h={60} />
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
