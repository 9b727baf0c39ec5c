import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { ESTAMP_ARTICLES, ESTAMP_BRANCHES, fieldAt, operationFor, productByArn, type Operation, type ProductDefinition } from '@verigate/catalog';
import { SEED_MESSAGE_CASES } from '@verigate/catalog/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ConsentBox, FieldsRenderer } from './fields-renderer';
import { useTrialForm } from './use-trial-form';

/** A trial form as the flows render it, with a button that checks it. */
function Harness({ product, operation }: { product: ProductDefinition; operation: Operation }) {
  const form = useTrialForm(product, operation);
  const toggles = new Map(product.form.toggles.map((toggle) => [toggle.id, toggle.label]));
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        form.check();
      }}
    >
      <FieldsRenderer form={form} fields={operation.fields} prefix="" disabled={false} toggles={toggles} />
      <ConsentBox form={form} disabled={false} />
      <button type="submit">Check</button>
    </form>
  );
}

const renderForm = (arn: string, action?: string) => {
  const product = productByArn(arn)!;
  return { product, ...renderWithProviders(<Harness product={product} operation={operationFor(product, action)!} />) };
};

const startsWith = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
const textbox = (label: string) => screen.getByRole('textbox', { name: startsWith(label) });
const check = () => fireEvent.click(screen.getByRole('button', { name: 'Check' }));

/** Seed messages of a text box the form shows at the top level (the unordered forms report every broken field). */
const typedCases = SEED_MESSAGE_CASES.filter((testCase) => {
  const product = productByArn(testCase.arn)!;
  const field = fieldAt(operationFor(product, testCase.action)!, testCase.path.replace(/^data\./, ''));
  const topLevel = testCase.path.split('.').length === 2;
  return topLevel && !testCase.aadhaar && !product.form.ordered && field && ['text', 'number'].includes(field.form.control) && !field.when;
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the trial form renderer', () => {
  it.each(typedCases.map((testCase) => [`${productByArn(testCase.arn)!.name}: ${testCase.message}`, testCase] as const))(
    '%s — shown for a bad value, kept until the field changes',
    (_name, testCase) => {
      vi.useFakeTimers();
      const { product } = renderForm(testCase.arn, testCase.action);
      const field = fieldAt(operationFor(product, testCase.action)!, testCase.path.replace(/^data\./, ''))!;
      const shownWhen = field.form.shownWhen;
      if (shownWhen && 'toggle' in shownWhen)
        fireEvent.click(screen.getByRole('checkbox', { name: product.form.toggles.find((toggle) => toggle.id === shownWhen.toggle)!.label }));
      const typed = typeof testCase.value === 'string' ? testCase.value : '';
      if (typed !== '') fireEvent.change(textbox(field.label), { target: { value: typed } });
      check();
      const shown = () => screen.queryByText(testCase.message, { selector: '.mantine-InputWrapper-error' });
      expect(shown()).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(10_000));
      expect(shown()).toBeInTheDocument();
      fireEvent.change(textbox(field.label), { target: { value: `${typed}9` } });
      expect(shown()).not.toBeInTheDocument();
    },
  );

  it('RC advance shows only its first failure, and keeps it until that field changes', () => {
    vi.useFakeTimers();
    renderForm('in_vehicle_rc_advance');
    fireEvent.change(textbox('Registration number'), { target: { value: 'MH12AB1234' } });
    check();
    expect(screen.getByText('*Maker description cannot be empty')).toBeInTheDocument();
    expect(screen.queryByText('*Vehicle model cannot be empty')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByText('*Maker description cannot be empty')).toBeInTheDocument();
    fireEvent.change(textbox('Maker description'), { target: { value: 'MARUTI' } });
    expect(screen.queryByText('*Maker description cannot be empty')).not.toBeInTheDocument();
  });

  it('shows the consent message when consent is not given, until the box is ticked', () => {
    vi.useFakeTimers();
    renderForm('in_identity_aadhaar_lite');
    fireEvent.change(textbox('Aadhaar number'), { target: { value: '234567891234' } });
    check();
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByText('Please provide consent!')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: /consent/i }));
    expect(screen.queryByText('Please provide consent!')).not.toBeInTheDocument();
  });

  it('reveals the name to match only while its checkbox is ticked', () => {
    renderForm('in_identity_voter_lite');
    expect(screen.queryByRole('textbox', { name: startsWith('Name to match') })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Match name' }));
    expect(textbox('Name to match')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Match name' }));
    expect(screen.queryByRole('textbox', { name: startsWith('Name to match') })).not.toBeInTheDocument();
  });

  it('reveals the face-liveness reference image with its toggle, and then requires an image', () => {
    renderForm('in_face_liveness_lite', 'init');
    expect(screen.queryByLabelText(startsWith('Reference image'))).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Match face with an image' }));
    check();
    expect(screen.getByText('Please select correct Image! Only image files ( jpg, jpeg, png ) are allowed.')).toBeInTheDocument();
  });

  it('shows the masked-image option of ID Card OCR only for an Aadhaar card', () => {
    renderForm('in_ocr_card_lite');
    expect(screen.queryByRole('checkbox', { name: 'Masked Aadhaar image' })).not.toBeInTheDocument();
    fireEvent.change(screen.getByRole('combobox', { name: startsWith('Card type') }), { target: { value: 'AADHAAR' } });
    expect(screen.getByRole('checkbox', { name: 'Masked Aadhaar image' })).toBeInTheDocument();
  });

  it('switches CKYC to the Aadhaar fields, clearing the PAN', () => {
    renderForm('in_identity_ckyc_lite');
    fireEvent.change(textbox('PAN'), { target: { value: 'ABCPE1234F' } });
    fireEvent.click(screen.getByRole('radio', { name: 'AADHAAR' }));
    expect(screen.queryByRole('textbox', { name: startsWith('PAN') })).not.toBeInTheDocument();
    expect(textbox('Aadhaar number (last 4 digits)')).toHaveValue('');
    fireEvent.click(screen.getByRole('radio', { name: 'PAN' }));
    expect(textbox('PAN')).toHaveValue('');
  });

  it('keeps the e-stamp article disabled until a branch is chosen, then lists that branch’s articles', async () => {
    const answers: Record<string, unknown> = { '/api/estamp/getBranches': ESTAMP_BRANCHES, '/api/estamp/articles/MH': ESTAMP_ARTICLES.MH };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => new Response(JSON.stringify({ data: answers[url] }), { status: 200, headers: { 'content-type': 'application/json' } })),
    );
    renderForm('in_contract_estamp_lite');
    const article = screen.getByRole('combobox', { name: startsWith('Article') });
    expect(article).toBeDisabled();
    expect(screen.getByText('Please select branch name first')).toBeInTheDocument();
    const branch = screen.getByRole('combobox', { name: startsWith('Branch') });
    await waitFor(() => expect(branch).toBeEnabled());
    fireEvent.change(branch, { target: { value: 'MH' } });
    await waitFor(() => expect(article).toBeEnabled());
    expect(screen.getByRole('option', { name: 'Article 36 - Lease' })).toBeInTheDocument();
  });

  it('adds and removes eSign signers', () => {
    renderForm('in_contract_esign_aadhaar', 'init');
    expect(screen.getAllByRole('textbox', { name: startsWith('Signer name') })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Add signer' }));
    expect(screen.getAllByRole('textbox', { name: startsWith('Signer name') })).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Remove signer 2' }));
    expect(screen.getAllByRole('textbox', { name: startsWith('Signer name') })).toHaveLength(1);
  });
});
