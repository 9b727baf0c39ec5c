/** After a failed submit, moves focus to the first field that shows an error (once it has rendered). */
export function focusFirstInvalid(container: HTMLElement): void {
  requestAnimationFrame(() => container.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
