import type { LinkProps } from '@tanstack/react-router';

export interface NavLink {
  to: string;
  label: string;
}

/**
 * Menu targets include pages later issues add (/about, /news, ...). Until their route files
 * exist the router's typed `to` does not know them; this is the one place that widens it.
 */
export const navTo = (to: string) => to as NonNullable<LinkProps['to']>;
