import { Link, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { CartButton } from '@/features/shop/components/CartButton';
import { useSiteSettings } from '@/lib/site/site-settings';
import { FALLBACK_SITE_NAME } from '@/lib/contract/contract.gen';
import { useAuth } from '@/lib/pocketbase/session';
import { InstallApp } from '@/ui/install/InstallApp';
import { Sheet } from '@/ui/sheet/LazySheet';
import { MAIN_NAV, type NavLink, SIGNED_IN_NAV } from './nav-links';
import * as styles from './TopBar.css';

function NavItems({
  links,
  linkClass,
  onNavigate,
}: {
  links: readonly NavLink[];
  linkClass: string;
  onNavigate?: () => void;
}) {
  return links.map((link) => (
    <li key={link.to}>
      <Link to={link.to} className={linkClass} activeOptions={{ exact: link.to === '/' }} onClick={onNavigate}>
        {link.label}
      </Link>
    </li>
  ));
}

/** Fixed top bar: artist name home link, desktop menu, mobile menu sheet, cart button. */
export function TopBar() {
  const settings = useSiteSettings();
  const name = settings?.artist_name || FALLBACK_SITE_NAME;
  const signedIn = useAuth().user !== null;
  const links: readonly NavLink[] = signedIn ? [...MAIN_NAV, ...SIGNED_IN_NAV] : MAIN_NAV;
  const [menuOpen, setMenuOpen] = useState(false);
  const pathname = useRouterState({ select: (s) => s.location.pathname });

  // Any navigation (link, back button) closes the menu.
  useEffect(() => {
    if (pathname) setMenuOpen(false);
  }, [pathname]);

  return (
    <header className={styles.bar}>
      <div className={styles.inner}>
        <Link to="/" className={styles.brand}>
          {name}
        </Link>
        <nav aria-label="Main" className={styles.desktopNav}>
          <ul className={styles.navList}>
            <NavItems links={links} linkClass={styles.navLink} />
          </ul>
        </nav>
        <div className={styles.actions}>
          <CartButton />
          <button
            type="button"
            className={styles.menuButton}
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            aria-controls={menuOpen ? 'mobile-menu' : undefined}
            onClick={() => setMenuOpen(true)}
          >
            <span className={styles.burger} aria-hidden="true">
              <span />
              <span />
              <span />
            </span>
            Menu
          </button>
        </div>
      </div>
      <Sheet id="mobile-menu" open={menuOpen} onOpenChange={setMenuOpen} title="Menu" side="right">
        <nav aria-label="Mobile">
          <ul className={styles.mobileList}>
            <NavItems links={links} linkClass={styles.mobileLink} onNavigate={() => setMenuOpen(false)} />
          </ul>
        </nav>
        <InstallApp compact />
      </Sheet>
    </header>
  );
}
