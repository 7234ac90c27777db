// Reading and resetting a visitor form's fields from the DOM. The fields are uncontrolled: the
// server renders them empty, the visitor may type before the app has started, and hydration
// leaves what they typed (and the focus) where it is; the app reads the values on submit.

/** The form's fields by name, as text (trimmed). */
export function formText(form: HTMLFormElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') out[name] = value.trim();
  return out;
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

function field(form: HTMLFormElement, name: string): Field | null {
  const el = form.elements.namedItem(name);
  return el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement
    ? el
    : null;
}

/** Empties the named fields (after a send); hidden fields are left alone. */
export function clearFields(form: HTMLFormElement, names: string[]): void {
  for (const name of names) {
    const el = field(form, name);
    if (el && el.type !== 'hidden') el.value = el instanceof HTMLSelectElement ? (el.options[0]?.value ?? '') : '';
  }
}

/** Fills the named fields that are still empty (remembered names, the last email). */
export function prefillFields(form: HTMLFormElement, values: Record<string, string>): void {
  for (const [name, value] of Object.entries(values)) {
    const el = field(form, name);
    if (el && value && !el.value) el.value = value;
  }
}
