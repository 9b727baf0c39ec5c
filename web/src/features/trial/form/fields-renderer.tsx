import { Button, Checkbox, Fieldset, Group, Stack, Text } from '@mantine/core';
import type { Field } from '@verigate/catalog';
import { Fragment } from 'react';
import { FieldControl } from './field-control';
import { CONSENT_TEXT, isAutomatic, pathOf, shownFields } from './form-model';
import type { TrialForm } from './use-trial-form';

interface BlockProps {
  form: TrialForm;
  field: Field;
  path: string;
  disabled: boolean;
  toggles: ReadonlyMap<string, string>;
}

interface FieldsProps {
  form: TrialForm;
  fields: readonly Field[];
  prefix: string;
  disabled: boolean;
  /** The product's toggles, by id → label (name match, face match). */
  toggles: ReadonlyMap<string, string>;
}

/**
 * The one renderer of every trial form: the fields of a definition in order, each by its control,
 * a toggle's checkbox before the fields it reveals, objects as fieldsets and lists with add and
 * remove (eSign's signers and positions).
 */
export function FieldsRenderer({ form, fields, prefix, disabled, toggles }: FieldsProps) {
  const shown = new Set(shownFields(fields, form.state, prefix));
  const placedToggles = new Set<string>();
  return (
    <>
      {fields.map((field) => {
        const path = pathOf(prefix, field);
        const shownWhen = field.form.shownWhen;
        const toggleId = shownWhen && 'toggle' in shownWhen ? shownWhen.toggle : undefined;
        const toggle = toggleId && !placedToggles.has(toggleId) && !isAutomatic(field) ? (placedToggles.add(toggleId), toggleId) : undefined;
        return (
          <Fragment key={path}>
            {toggle && (
              <Checkbox
                label={toggles.get(toggle) ?? toggle}
                checked={form.state.toggles[toggle] === true}
                onChange={(event) => form.setToggle(toggle, event.currentTarget.checked)}
                disabled={disabled}
              />
            )}
            {shown.has(field) && <FieldBlock form={form} field={field} path={path} disabled={disabled} toggles={toggles} />}
          </Fragment>
        );
      })}
    </>
  );
}

function FieldBlock({ form, field, path, disabled, toggles }: BlockProps) {
  if (field.type === 'object') {
    return (
      <Fieldset legend={field.label} variant="filled" radius="md">
        <Stack gap="sm">
          <FieldsRenderer form={form} fields={field.fields ?? []} prefix={`${path}.`} disabled={disabled} toggles={toggles} />
        </Stack>
      </Fieldset>
    );
  }
  if (field.type === 'array') return <ListBlock form={form} field={field} path={path} disabled={disabled} toggles={toggles} />;
  const dependsOn = field.form.dependsOn?.field;
  const dependsOnValue = dependsOn ? form.state.values[`${path.slice(0, path.length - field.name.length)}${dependsOn}`] : '';
  return (
    <FieldControl
      field={field}
      value={form.state.values[path]}
      error={form.errors[path]}
      disabled={disabled}
      dependsOnValue={typeof dependsOnValue === 'string' ? dependsOnValue : ''}
      onChange={(value) => form.setValue(path, value)}
    />
  );
}

function ListBlock({ form, field, path, disabled, toggles }: BlockProps) {
  const count = form.state.counts[path] ?? 1;
  const item = field.items!;
  const min = Math.max(1, field.minItems ?? 1);
  const canAdd = field.maxItems === undefined || count < field.maxItems;
  return (
    <Stack gap="sm">
      {Array.from({ length: count }, (_, index) => (
        <Fieldset key={index} legend={`${item.label} ${index + 1}`} radius="md">
          <Stack gap="sm">
            <FieldsRenderer form={form} fields={item.fields ?? []} prefix={`${path}.${index}.`} disabled={disabled} toggles={toggles} />
          </Stack>
        </Fieldset>
      ))}
      {form.errors[path] && (
        <Text c="red" fz="xs" role="alert">
          {form.errors[path]}
        </Text>
      )}
      <Group gap="xs">
        {canAdd && (
          <Button variant="light" size="xs" onClick={() => form.setCount(path, count + 1)} disabled={disabled}>
            Add {item.label.toLowerCase()}
          </Button>
        )}
        {count > min && (
          <Button variant="subtle" color="red" size="xs" onClick={() => form.setCount(path, count - 1)} disabled={disabled}>
            Remove {item.label.toLowerCase()} {count}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** The consent box every trial form ends with (seed 001 §5): ticked sends Y, unticked N. */
export function ConsentBox({ form, disabled }: { form: TrialForm; disabled: boolean }) {
  return (
    <Checkbox
      label={CONSENT_TEXT}
      checked={form.state.consent}
      onChange={(event) => form.setConsent(event.currentTarget.checked)}
      error={form.errors.consent}
      disabled={disabled}
    />
  );
}
