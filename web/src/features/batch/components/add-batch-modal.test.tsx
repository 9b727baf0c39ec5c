import { notifications } from '@mantine/notifications';
import { batchTemplate, productByArn } from '@verigate/catalog';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BATCH_MAX_FILE_BYTES, BATCH_TOAST_MS, STORAGE_KEYS, type BatchTypeOption } from '@verigate/contracts';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { answerApi, renderScreen } from '@/test/render';
import { AddBatchModal } from './add-batch-modal';

const ORG = '5b0c8a56-8d7e-4a51-9a8e-3c52f1d0a001';
const TYPES: BatchTypeOption[] = [
  { name: 'PAN Lite', value: 'in_identity_pan_lite', sample_link: '/api/productBatchService/sample/in_identity_pan_lite', response_type: 'NONE' },
  { name: 'RC Advance', value: 'in_vehicle_rc_advance', sample_link: '/api/productBatchService/sample/in_vehicle_rc_advance', response_type: 'INSURANCE' },
];

/** The XMLHttpRequest the upload goes through: records what was sent, then plays `script` (progress events, then the answer). */
class FakeUpload {
  static last: FakeUpload | null = null;
  static script: (request: FakeUpload) => void = () => {};
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  private listeners: Record<string, (() => void)[]> = {};
  private uploadListeners: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void)[] = [];
  upload = {
    addEventListener: (_: string, listener: (event: { lengthComputable: boolean; loaded: number; total: number }) => void) =>
      this.uploadListeners.push(listener),
  };
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, listener: () => void) {
    (this.listeners[type] ??= []).push(listener);
  }
  send(body: FormData) {
    this.body = body;
    FakeUpload.last = this;
    FakeUpload.script(this);
  }
  progress(loaded: number, total: number) {
    for (const listener of this.uploadListeners) listener({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    for (const listener of this.listeners.load ?? []) listener();
  }
  fail() {
    for (const listener of this.listeners.error ?? []) listener();
  }
  abort() {
    for (const listener of this.listeners.abort ?? []) listener();
  }
}

let toast: MockInstance<typeof notifications.show>;
beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.token, 'session-token');
  localStorage.setItem(STORAGE_KEYS.organisationId, ORG);
  localStorage.setItem(STORAGE_KEYS.email, 'kavya@acme-finance.in');
  FakeUpload.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
  toast = vi.spyOn(notifications, 'show').mockReturnValue('toast');
});
afterEach(() => {
  vi.restoreAllMocks();
});

const template = (arn: string) => batchTemplate(productByArn(arn)!);
const csv = (name = 'march.csv', content = template('in_identity_pan_lite')) => new File([content], name, { type: 'text/csv' });

function renderModal(onClose = vi.fn()) {
  renderScreen(<AddBatchModal opened types={TYPES} onClose={onClose} />);
  return onClose;
}

async function fill({ name, type, file, tpm, env }: { name?: string; type?: string; file?: File; tpm?: string; env?: 'Test' | 'Live' }) {
  const user = userEvent.setup({ applyAccept: false });
  const dialog = await screen.findByRole('dialog', { name: 'Add Batch' });
  if (name) await user.type(within(dialog).getByRole('textbox', { name: 'Batch Name' }), name);
  if (type) {
    await user.click(within(dialog).getByRole('textbox', { name: 'Batch Type' }));
    await user.click(await screen.findByRole('option', { name: type, hidden: true }));
  }
  if (file) await user.upload(within(dialog).getByLabelText(/Batch File/), file);
  if (tpm) await user.type(within(dialog).getByRole('textbox', { name: 'Rows per minute (tpm)' }), tpm);
  if (env) await user.click(within(dialog).getByRole('radio', { name: env }));
  await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
  return dialog;
}

const toastsShown = () => toast.mock.calls.map(([shown]) => ({ message: shown.message, color: shown.color, autoClose: shown.autoClose }));

describe('Add Batch: the rules of seed 001 §5', () => {
  it.each([
    ['', 'Batch name cannot be empty'],
    ['   ', 'Batch name cannot be empty'],
    ['march$batch', 'Enter a valid name'],
    ['2024 march', 'Batch name should not start with a number'],
  ])('refuses the name %j with %j and uploads nothing', async (name, message) => {
    renderModal();
    const dialog = await fill({ name, type: 'PAN Lite', file: csv() });
    expect(within(dialog).getByText(message)).toBeInTheDocument();
    expect(FakeUpload.last).toBeNull();
  });

  it('asks for the batch type and the file', async () => {
    renderModal();
    const dialog = await fill({ name: 'March checks' });
    expect(within(dialog).getByText('Select Batch Type')).toBeInTheDocument();
    expect(within(dialog).getByText('Select Batch File')).toBeInTheDocument();
    expect(FakeUpload.last).toBeNull();
  });

  it('takes CSV files only', async () => {
    renderModal();
    const dialog = await fill({ name: 'March checks', type: 'PAN Lite', file: new File(['%PDF'], 'march.pdf', { type: 'application/pdf' }) });
    expect(within(dialog).getByText('Select CSV File Only')).toBeInTheDocument();
    expect(FakeUpload.last).toBeNull();
  });

  it('refuses a file over 100 MB', async () => {
    renderModal();
    const large = csv();
    Object.defineProperty(large, 'size', { value: BATCH_MAX_FILE_BYTES + 1 });
    const dialog = await fill({ name: 'March checks', type: 'PAN Lite', file: large });
    expect(within(dialog).getByText('File size should not exceed 100mb')).toBeInTheDocument();
    expect(FakeUpload.last).toBeNull();
  });

  it.each(['abc', '1.5', '-3', '1000001'])("refuses the tpm %j with 'Enter a valid tpm'", async (tpm) => {
    renderModal();
    const dialog = await fill({ name: 'March checks', type: 'PAN Lite', file: csv(), tpm });
    expect(within(dialog).getByText('Enter a valid tpm')).toBeInTheDocument();
    expect(FakeUpload.last).toBeNull();
  });

  it('sends the tpm given, and 0 (no limit) when it is left empty', async () => {
    FakeUpload.script = () => {};
    renderModal();
    await fill({ name: 'March checks', type: 'PAN Lite', file: csv(), tpm: '120' });
    await vi.waitFor(() => expect(FakeUpload.last).not.toBeNull());
    expect(FakeUpload.last!.body!.get('tpm')).toBe('120');
  });

  it('offers Test and Live, Test chosen, and sends the environment chosen', async () => {
    FakeUpload.script = () => {};
    renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Add Batch' });
    expect(within(dialog).getByRole('radio', { name: 'Test' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Live' })).not.toBeChecked();
    await fill({ name: 'March checks', type: 'PAN Lite', file: csv(), env: 'Live' });
    expect(within(dialog).getByText(/charged to your wallet/)).toBeInTheDocument();
    await vi.waitFor(() => expect(FakeUpload.last).not.toBeNull());
    expect(FakeUpload.last!.body!.get('env')).toBe('live');
  });

  it.each([
    ['pan_number\nABCPE1234F\n', 'The file is missing the column customer_pan_number'],
    ['customer_pan_number,colour\nABCPE1234F,red\n', 'The file has the unknown column colour'],
    ['"customer_pan_number",customer_pan_number\r\nABCPE1234F,ABCPE1234F\r\n', 'The file repeats the column customer_pan_number'],
  ])('reads the header before uploading: %j is refused with %j', async (content, message) => {
    renderModal();
    const dialog = await fill({ name: 'March checks', type: 'PAN Lite', file: csv('march.csv', content) });
    // The catalog the check reads loads on the first check.
    expect(await within(dialog).findByText(message, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(FakeUpload.last).toBeNull();
  });

  it('says the limit beside the file field', async () => {
    renderModal();
    expect(await screen.findByText(/Max size 100 MB/)).toBeInTheDocument();
  });
});

describe('Add Batch: the upload', () => {
  it('sends the fields and the CSV last, shows the upload progress and closes with the server’s message for 5 s', async () => {
    let finish = () => {};
    FakeUpload.script = (request) => {
      request.progress(40, 100);
      finish = () => request.answer(200, { data: { success: true, message: 'Batch created', batchId: '0b6f0a4e-3c9f-4d55-8a7e-2b4f1c9d0e11' } });
    };
    const onClose = renderModal();
    const dialog = await fill({ name: 'March checks', type: 'RC Advance', file: csv('march.csv', template('in_vehicle_rc_advance')) });

    expect(await within(dialog).findByText('Uploading… 40%')).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '40');
    const request = FakeUpload.last!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/productBatchService/createTask');
    expect(request.headers.Authorization).toBe('Bearer session-token');
    expect([...request.body!.keys()]).toEqual(['user_email', 'batch_type', 'batch_name', 'tpm', 'org_id', 'response_type', 'env', 'upload_file']);
    expect(Object.fromEntries([...request.body!.entries()].filter(([key]) => key !== 'upload_file'))).toEqual({
      user_email: 'kavya@acme-finance.in',
      batch_type: 'in_vehicle_rc_advance',
      batch_name: 'March checks',
      tpm: '0',
      org_id: ORG,
      response_type: 'INSURANCE',
      env: 'test',
    });
    expect((request.body!.get('upload_file') as File).name).toBe('march.csv');

    finish();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(toastsShown()).toEqual([{ message: 'Batch created', color: 'green', autoClose: BATCH_TOAST_MS }]);
  });

  it('cancels an upload on request, quietly, and lets it be sent again', async () => {
    FakeUpload.script = (request) => request.progress(10, 100);
    const onClose = renderModal();
    const dialog = await fill({ name: 'March checks', type: 'PAN Lite', file: csv() });
    expect(await within(dialog).findByText('Uploading… 10%')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel upload' }));
    await vi.waitFor(() => expect(within(dialog).queryByRole('progressbar', { name: 'Upload progress' })).toBeNull());
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeEnabled();
    expect(toast).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal for 5 s and keeps the popup open', async () => {
    FakeUpload.script = (request) => request.answer(400, { err: { status: 400, code: 'validation', message: 'The file is missing the column pan_number' } });
    const onClose = renderModal();
    await fill({ name: 'March checks', type: 'PAN Lite', file: csv() });
    await vi.waitFor(() => expect(toastsShown()).toEqual([{ message: 'The file is missing the column pan_number', color: 'red', autoClose: BATCH_TOAST_MS }]));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says "Something went wrong" for a refusal without a message, and "Error while Creating Task" when the upload fails', async () => {
    FakeUpload.script = (request) => request.answer(200, { data: { success: false, message: '', batchId: '0b6f0a4e-3c9f-4d55-8a7e-2b4f1c9d0e11' } });
    renderModal();
    await fill({ name: 'March checks', type: 'PAN Lite', file: csv() });
    await vi.waitFor(() => expect(toastsShown().at(-1)?.message).toBe('Something went wrong'));

    FakeUpload.script = (request) => request.fail();
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await vi.waitFor(() => expect(toastsShown().at(-1)).toEqual({ message: 'Error while Creating Task', color: 'red', autoClose: BATCH_TOAST_MS }));
  });

  it('downloads the chosen type’s sample with the session’s token', async () => {
    const fetch = answerApi({});
    fetch.mockImplementation(
      async () => new Response('pan_number\nABCPE1234F\n', { status: 200, headers: { 'content-disposition': 'attachment; filename="pan-sample.csv"' } }),
    );
    const createObjectURL = vi.fn(() => 'blob:sample');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = userEvent.setup();
    renderModal();
    expect(screen.queryByRole('button', { name: 'Download sample CSV' })).toBeNull();
    await user.click(await screen.findByRole('textbox', { name: 'Batch Type' }));
    await user.click(await screen.findByRole('option', { name: 'PAN Lite', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Download sample CSV' }));

    await vi.waitFor(() => expect(click).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/productBatchService/sample/in_identity_pan_lite');
    expect((init!.headers as Record<string, string>).Authorization).toBe('Bearer session-token');
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('pan-sample.csv');
    expect(link.href).toBe('blob:sample');
  });
});
