// Search-param validation for route files. Deliberately tiny: validateSearch runs in the
// entry chunk (it is part of the route tree), so a schema library there costs every visitor.

export interface ParamRule {
  pattern: RegExp;
  max: number;
}

/** A param kept only when it is a string (or number) of at most `max` chars matching `pattern`. */
export function optionalParam(value: unknown, rule: ParamRule): string | undefined {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== 'string' || text.length > rule.max || !rule.pattern.test(text)) return undefined;
  return text;
}

/**
 * Builds a validateSearch function from per-param rules. Invalid or missing values become
 * undefined, so a bad link falls back to the page's default instead of an error screen.
 */
export function searchParams<const T extends Record<string, ParamRule>>(rules: T) {
  return (raw: Record<string, unknown>): { [K in keyof T]?: string } => {
    const out: { [K in keyof T]?: string } = {};
    for (const key of Object.keys(rules) as (keyof T & string)[]) {
      const value = optionalParam(raw[key], rules[key]!);
      if (value !== undefined) out[key] = value;
    }
    return out;
  };
}

export const SLUG = /^[a-z0-9-]+$/;
