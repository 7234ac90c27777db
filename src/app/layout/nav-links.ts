export interface NavLink {
  to: string;
  label: string;
}

/** Main menu. /my-courses joins only for signed-in visitors. */
export const MAIN_NAV = [
  { to: '/', label: 'Home' },
  { to: '/artworks', label: 'Artworks' },
  { to: '/print-editions', label: 'Print Editions' },
  { to: '/about', label: 'About' },
  { to: '/news', label: 'News' },
  { to: '/contact', label: 'Contact' },
] as const;

export const SIGNED_IN_NAV = [{ to: '/my-courses', label: 'My Courses' }] as const;

/** Footer "Explore" column. */
export const EXPLORE_NAV = [
  { to: '/artworks', label: 'Artworks' },
  { to: '/print-editions', label: 'Print Editions' },
  { to: '/news', label: 'News' },
  { to: '/about', label: 'About' },
] as const;
