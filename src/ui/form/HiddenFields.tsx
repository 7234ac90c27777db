/**
 * The values a form posts without the visitor typing them (its source, the consent text's
 * version, what it is about), for the browser's own post before the app has started.
 */
export function HiddenFields({ values }: { values: Record<string, string | undefined> }) {
  return Object.entries(values).map(([name, value]) =>
    value === undefined ? null : <input key={name} type="hidden" name={name} value={value} />,
  );
}
