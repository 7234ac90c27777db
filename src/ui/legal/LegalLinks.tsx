import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import * as styles from './LegalLinks.css';

/**
 * The artist's legal pages (content pages in the `pages` collection, served at /privacy and
 * /terms), linked wherever a visitor agrees to something or hands over their details.
 */
export const LEGAL_PAGES = {
  privacy: { slug: 'privacy', label: 'Privacy policy' },
  terms: { slug: 'terms', label: 'Terms of sale' },
} as const;

export function LegalLink({
  page,
  className,
  children,
}: {
  page: keyof typeof LEGAL_PAGES;
  className?: string;
  children?: ReactNode;
}) {
  const { slug, label } = LEGAL_PAGES[page];
  return (
    <Link to="/$name" params={{ name: slug }} className={className}>
      {children ?? label}
    </Link>
  );
}

/** The line under a form that asks for an email: what it is used for, and the privacy policy. */
export function PrivacyNote({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <p className={className ?? styles.note}>
      {children} <LegalLink page="privacy">Privacy policy</LegalLink>
    </p>
  );
}
