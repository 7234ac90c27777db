import type { LinkProps } from '@tanstack/react-router';

/**
 * A link target whose route file a later issue adds (/about, /print-editions, /viewing-room,
 * ...). Until the route exists the router's typed `to` does not know it; this is the one
 * place that widens it. When the route lands, replace `futureRoute('/x')` with '/x'.
 */
export const futureRoute = (to: string) => to as NonNullable<LinkProps['to']>;
