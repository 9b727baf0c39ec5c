import { Alert, Box, Button, Group, NativeSelect, Paper, Progress, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  ACTIVATION_MESSAGES,
  KYC_MESSAGES,
  REGISTRATION_DOCUMENT_TYPES,
  bankAccountRules,
  gstinRules,
  ifscRules,
  pdfProblem,
  signatoryRules,
  type KycFields,
  type OnboardingStatus,
} from '@verigate/contracts';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { FileInput } from '@/components/file-input';
import { useOrganisation } from '@/lib/api/organisations/get-organisation';
import { reportError } from '@/lib/server-messages';
import { showError, showSuccess } from '@/lib/toast';
import { useField } from '@/lib/use-field';
import { useSubmitActivation, type ActivationPhase } from '@/features/account/api/request-activation';
import './activation-form.css';

const upperCase = { transform: (value: string) => value.toUpperCase() };

const ALREADY: Partial<Record<OnboardingStatus, { title: string; text: string }>> = {
  ACTIVATION_REQUESTED: { title: 'Activation requested', text: 'Your KYC details are with our team. We will let you know once your account is activated.' },
  ACCOUNT_ACTIVATED: { title: 'Your account is activated', text: 'Production access is on. Choose a plan to go live.' },
  PLAN_SUBSCRIBED: { title: 'Your account is activated', text: 'Production access is on.' },
};

/** /activation-form: the Account Activation Form (KYC Details). */
export function ActivationFormPage() {
  const organisation = useOrganisation();
  if (organisation.isPending) {
    return (
      <Paper withBorder radius="lg" p="lg" role="status" aria-busy="true" aria-label="Loading the activation form">
        <Stack gap="md">
          <Skeleton h={24} w={260} />
          <Skeleton h={160} />
        </Stack>
      </Paper>
    );
  }
  const done = organisation.data ? ALREADY[organisation.data.onboarding_status] : undefined;
  if (done) {
    return (
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={720} mx="auto">
        <Stack gap="md" align="flex-start">
          <Alert color="green" variant="light" title={done.title} w="100%">
            {done.text}
          </Alert>
          <Button component={Link} to="/application">
            Back to Overview
          </Button>
        </Stack>
      </Paper>
    );
  }
  // An organisation that failed to load still gets the form: the server has the last word.
  return <ActivationForm />;
}

type FileField = { file: File | null; error: string | null };
const NO_FILE: FileField = { file: null, error: null };

function ActivationForm() {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const bankAccountNumber = useField(bankAccountRules);
  const gstinNumber = useField(gstinRules, '', upperCase);
  const ifsc = useField(ifscRules, '', upperCase);
  const authorName = useField(signatoryRules);
  const designation = useField(signatoryRules);
  const [documentType, setDocumentType] = useState('');
  const [documentTypeError, setDocumentTypeError] = useState<string | null>(null);
  const [gstinCertificate, setGstinCertificate] = useState<FileField>(NO_FILE);
  const [registrationDocument, setRegistrationDocument] = useState<FileField>(NO_FILE);
  const [phase, setPhase] = useState<ActivationPhase>('uploading');
  const mutation = useSubmitActivation();

  const chooseFile = (set: (value: FileField) => void) => (file: File | null) => set({ file, error: pdfProblem(file) });
  const isDocumentType = (value: string): value is KycFields['registrationDocumentType'] => (REGISTRATION_DOCUMENT_TYPES as readonly string[]).includes(value);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const textFields = [bankAccountNumber, gstinNumber, ifsc, authorName, designation];
    const textValid = textFields.map((field) => field.validate()).every(Boolean);
    const typeValid = isDocumentType(documentType);
    setDocumentTypeError(typeValid ? null : KYC_MESSAGES.optionMissing);
    const certificateProblem = pdfProblem(gstinCertificate.file);
    const documentProblem = pdfProblem(registrationDocument.file);
    setGstinCertificate((current) => ({ ...current, error: certificateProblem }));
    setRegistrationDocument((current) => ({ ...current, error: documentProblem }));

    if (!textValid || !typeValid || certificateProblem || documentProblem || !gstinCertificate.file || !registrationDocument.file) {
      const missing = textFields.some((field) => !field.value.trim()) || !typeValid || !gstinCertificate.file || !registrationDocument.file;
      if (missing) showError(KYC_MESSAGES.incomplete);
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }

    mutation.mutate(
      {
        fields: {
          bankAccountNumber: bankAccountNumber.value.trim(),
          gstinNumber: gstinNumber.value.trim(),
          ifsc: ifsc.value.trim(),
          authorName: authorName.value.trim(),
          designation: designation.value.trim(),
          registrationDocumentType: documentType,
        },
        files: { gstinCertificate: gstinCertificate.file, registrationDocument: registrationDocument.file },
        onPhase: setPhase,
      },
      {
        onSuccess: () => {
          showSuccess(ACTIVATION_MESSAGES.submitted);
          navigate('/application');
        },
        // Everything typed and chosen stays in the form, ready to submit again.
        onError: reportError,
      },
    );
  };

  const pending = mutation.isPending;

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={880} mx="auto">
      <form ref={formRef} onSubmit={onSubmit} noValidate aria-labelledby="activation-form-title">
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={2} fz={{ base: 20, sm: 24 }} id="activation-form-title">
              Account Activation Form
            </Title>
            <Text c="dimmed" fz="sm">
              KYC Details. We review them to activate production access for regulatory verification. All fields are required.
            </Text>
          </Stack>

          <Box component="fieldset" disabled={pending} className="plain-fieldset">
            <Stack gap="xl">
              <FormSection title="Bank and GST">
                <TextInput label="Bank Account Number" required inputMode="numeric" autoComplete="off" maxLength={24} {...bankAccountNumber.inputProps} />
                <TextInput label="IFSC" required autoComplete="off" maxLength={11} placeholder="e.g. HDFC0001234" {...ifsc.inputProps} />
                <TextInput label="GSTIN Number" required autoComplete="off" maxLength={15} placeholder="e.g. 27ABCDE1234F1Z5" {...gstinNumber.inputProps} />
                <FileInput
                  label="GSTIN Certificate"
                  file={gstinCertificate.file}
                  error={gstinCertificate.error}
                  disabled={pending}
                  onChange={chooseFile(setGstinCertificate)}
                />
              </FormSection>

              <FormSection title="Authorised signatory">
                <TextInput label="Authorised Signatory Name" required autoComplete="name" maxLength={50} {...authorName.inputProps} />
                <TextInput label="Designation" required autoComplete="organization-title" maxLength={50} {...designation.inputProps} />
              </FormSection>

              <FormSection title="Registration">
                <NativeSelect
                  label="Registration Type"
                  required
                  size="md"
                  value={documentType}
                  error={documentTypeError}
                  onChange={(event) => {
                    setDocumentType(event.currentTarget.value);
                    setDocumentTypeError(event.currentTarget.value ? null : KYC_MESSAGES.optionMissing);
                  }}
                  data={[{ value: '', label: 'Select document type', disabled: true }, ...REGISTRATION_DOCUMENT_TYPES]}
                />
                <FileInput
                  label="Registration Document"
                  file={registrationDocument.file}
                  error={registrationDocument.error}
                  disabled={pending}
                  onChange={chooseFile(setRegistrationDocument)}
                />
              </FormSection>
            </Stack>
          </Box>

          {pending && (
            <Stack gap={6} role="status" aria-live="polite">
              <Text fz="sm" fw={600}>
                {phase === 'uploading' ? 'Uploading your documents…' : 'Requesting activation…'}
              </Text>
              <Progress value={phase === 'uploading' ? 50 : 90} animated striped size="sm" radius="xl" aria-label="Submission progress" />
            </Stack>
          )}

          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => navigate('/application')} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              Submit
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Text fw={700} fz="sm" c="gray.7" tt="uppercase" lts={0.4}>
        {title}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        {children}
      </SimpleGrid>
    </Stack>
  );
}
