import { Button, Group, Modal, Progress, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  BATCH_MESSAGES,
  BATCH_TOAST_MS,
  DEFAULT_ERROR_MESSAGE,
  batchFileError,
  batchNameRules,
  createTaskFields,
  type BatchEnvironment,
  type BatchTypeOption,
  type CreateTaskResponse,
} from '@verigate/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { FileInput } from '@/components/file-input';
import { IconDownload } from '@/components/icons';
import { useCreateBatch } from '@/lib/api/batch/create-batch';
import { useDownloadBatchSample } from '@/lib/api/batch/download-batch-sample';
import { ApiError, UploadCancelled, type UploadProgress } from '@/lib/api/client';
import { activationSignal, errorMessage } from '@/lib/server-messages';
import { showError, showSuccess } from '@/lib/toast';
import { useField } from '@/lib/use-field';
import { headerProblem, readHeader } from '@/features/batch/batch-header';

interface AddBatchModalProps {
  opened: boolean;
  types: readonly BatchTypeOption[];
  onClose: () => void;
}

/**
 * Add Batch (seed 001 §2, §5, §8): a name, a batch type (with its sample CSV), the CSV and the
 * environment its rows run in (Test by default; Live is charged to the wallet). The file uploads with its progress shown; the outcome is a 5 s toast.
 */
export function AddBatchModal({ opened, types, onClose }: AddBatchModalProps) {
  const create = useCreateBatch();
  const close = () => !create.isPending && onClose();
  return (
    <Modal opened={opened} onClose={close} title="Add Batch" centered size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      {opened && <AddBatchForm types={types} create={create} onCancel={close} onDone={onClose} />}
    </Modal>
  );
}

/** The toast for a refused or failed upload (seed 001 §8): the server's message, else the seed's texts. */
function createFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 0) return BATCH_MESSAGES.createException;
  const message = errorMessage(error);
  return message && message !== DEFAULT_ERROR_MESSAGE ? message : BATCH_MESSAGES.createFailed;
}

function reportOutcome(answer: CreateTaskResponse): boolean {
  if (answer.success) showSuccess(answer.message || BATCH_MESSAGES.created, BATCH_TOAST_MS);
  else showError(answer.message || BATCH_MESSAGES.createFailed, BATCH_TOAST_MS);
  return answer.success;
}

/** tpm: empty for no limit, else a whole number the server takes (the contract's own check). */
const TPM_RULES = [{ test: (value: string) => createTaskFields.shape.tpm.safeParse(value.trim()).success, message: BATCH_MESSAGES.invalidTpm }];

/** The header's problem for the batch type, read from the file's first bytes; null when fine or unreadable (the server decides then). */
async function checkColumns(arn: string, file: File): Promise<string | null> {
  try {
    const header = await readHeader(file);
    return header ? await headerProblem(arn, header) : null;
  } catch {
    return null;
  }
}

const percentOf = ({ loaded, total }: UploadProgress) => (total > 0 ? Math.floor((loaded / total) * 100) : 0);

interface AddBatchFormProps {
  types: readonly BatchTypeOption[];
  create: ReturnType<typeof useCreateBatch>;
  onCancel: () => void;
  onDone: () => void;
}

function AddBatchForm({ types, create, onCancel, onDone }: AddBatchFormProps) {
  const name = useField(batchNameRules);
  const [typeValue, setTypeValue] = useState<string | null>(null);
  const [typeError, setTypeError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const tpm = useField(TPM_RULES);
  const [env, setEnv] = useState<BatchEnvironment>('test');
  const upload = useRef<AbortController | null>(null);
  const [checking, setChecking] = useState(false);
  const sample = useDownloadBatchSample();
  const type = types.find((option) => option.value === typeValue) ?? null;

  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    setFileError(chosen ? batchFileError(chosen) : null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (checking || create.isPending) return;
    const nameValid = name.validate();
    const tpmValid = tpm.validate();
    const typeMessage = type ? null : BATCH_MESSAGES.typeRequired;
    const fileMessage = batchFileError(file);
    setTypeError(typeMessage);
    setFileError(fileMessage);
    if (!nameValid || !tpmValid || !type || !file || typeMessage || fileMessage) return;
    setChecking(true);
    const columnsMessage = await checkColumns(type.value, file).finally(() => setChecking(false));
    if (columnsMessage) return setFileError(columnsMessage);
    setProgress({ loaded: 0, total: file.size });
    upload.current = new AbortController();
    create.mutate(
      { name: name.value, type, file, tpm: Number(tpm.value.trim() || 0), env, onProgress: setProgress, signal: upload.current.signal },
      {
        onSuccess: (answer) => {
          if (reportOutcome(answer)) onDone();
        },
        onError: (error) => {
          if (!(error instanceof UploadCancelled) && !activationSignal(error)) showError(createFailureMessage(error), BATCH_TOAST_MS);
        },
        onSettled: () => {
          upload.current = null;
          setProgress(null);
        },
      },
    );
  };

  const uploaded = progress ? percentOf(progress) : 0;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Add Batch">
      <Stack gap="md">
        <TextInput
          {...name.inputProps}
          size="md"
          label="Batch Name"
          placeholder="e.g. March PAN checks"
          withAsterisk
          disabled={create.isPending}
          data-autofocus
        />
        <Select
          label="Batch Type"
          size="md"
          placeholder="Select a product"
          data={types.map((option) => ({ value: option.value, label: option.name }))}
          value={typeValue}
          onChange={(value) => {
            setTypeValue(value);
            if (value) setTypeError(null);
          }}
          error={typeError}
          withAsterisk
          searchable
          nothingFoundMessage="No batch type matches"
          disabled={create.isPending}
          comboboxProps={{ withinPortal: true }}
        />
        {type && (
          <Group gap={4}>
            <Text fz="sm" c="dimmed">
              The CSV needs the columns of the sample.
            </Text>
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconDownload size={16} />}
              loading={sample.isPending}
              onClick={() => sample.mutate(type, { onError: (error) => showError(errorMessage(error), BATCH_TOAST_MS) })}
            >
              Download sample CSV
            </Button>
          </Group>
        )}
        <FileInput
          label="Batch File"
          file={file}
          error={fileError}
          description={`CSV only. ${BATCH_MESSAGES.fileHint}.`}
          accept=".csv,text/csv"
          disabled={create.isPending}
          onChange={chooseFile}
        />
        <TextInput
          {...tpm.inputProps}
          size="md"
          label="Rows per minute (tpm)"
          description="Leave empty to run the rows as fast as they can go."
          inputMode="numeric"
          autoComplete="off"
          disabled={create.isPending}
        />
        <Radio.Group
          size="md"
          label="Environment"
          description={
            env === 'live' ? 'Rows run on your live app and each billable answer is charged to your wallet.' : 'Rows run in the sandbox and use test credits.'
          }
          value={env}
          onChange={(value) => setEnv(value === 'live' ? 'live' : 'test')}
        >
          <Group gap="lg" mt={6}>
            <Radio size="md" value="test" label="Test" disabled={create.isPending} />
            <Radio size="md" value="live" label="Live" disabled={create.isPending} />
          </Group>
        </Radio.Group>
        {progress && (
          <Stack gap={4} aria-live="polite">
            <Progress value={uploaded} size="lg" radius="xl" animated={uploaded < 100} aria-label="Upload progress" />
            <Text fz="sm" c="dimmed">
              {uploaded < 100 ? `Uploading… ${uploaded}%` : 'Uploaded. Checking the file…'}
            </Text>
          </Stack>
        )}
        <Group justify="flex-end" gap="sm">
          {create.isPending ? (
            <Button variant="default" onClick={() => upload.current?.abort()}>
              Cancel upload
            </Button>
          ) : (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={checking || create.isPending}>
            Upload
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
