import { Alert, Stack } from '@mantine/core';
import type { ProductDefinition } from '@verigate/catalog';
import type { FormEvent, ReactNode } from 'react';

/** A trial form: the product's notice (e-stamp's dummy-stamp notice) above its fields; Enter submits. */
export function FormFrame({ product, onSubmit, children }: { product: ProductDefinition; onSubmit: () => void; children: ReactNode }) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate aria-label={`${product.name} trial`}>
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
