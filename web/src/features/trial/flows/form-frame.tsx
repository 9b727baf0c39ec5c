import { Alert, Stack } from '@mantine/core';
import type { ProductDefinition } from '@verigate/catalog';
import { useLayoutEffect, useRef, type FormEvent, type ReactNode } from 'react';

/** A trial form: the product's notice (e-stamp's dummy-stamp notice) above its fields; Enter submits. */
export function FormFrame({ product, onSubmit, children }: { product: ProductDefinition; onSubmit: () => void; children: ReactNode }) {
  const form = useRef<HTMLFormElement>(null);
  // The popup's focus trap opens on [data-autofocus]: the form's first field, whatever its control,
  // rather than the popup's close button. Marked before the trap looks (it looks after a tick).
  useLayoutEffect(() => {
    form.current
      ?.querySelector('input:not([type="hidden"]):not(:disabled), select:not(:disabled), textarea:not(:disabled)')
      ?.setAttribute('data-autofocus', '');
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form ref={form} onSubmit={submit} noValidate aria-label={`${product.name} trial`}>
      <Stack gap="sm">
        {product.form.notice && (
          <Alert color="yellow" variant="light" role="note">
            {product.form.notice}
          </Alert>
        )}
        {children}
      </Stack>
    </form>
  );
}

/** The labels of the product's toggles, by id. */
export const toggleLabels = (product: ProductDefinition): ReadonlyMap<string, string> =>
  new Map(product.form.toggles.map((toggle) => [toggle.id, toggle.label]));
