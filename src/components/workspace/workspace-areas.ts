/**
 * The two work areas behind the storefront: a seller's own store (/dashboard…) and the shop's
 * operators (/admin…). One list per area, so every page of an area shows the same navigation.
 */
export type WorkspaceArea = 'seller' | 'operator';

export type WorkspaceLink = { href: string; label: string };

export const WORKSPACE_LINKS: Record<WorkspaceArea, readonly WorkspaceLink[]> = {
  seller: [
    { href: '/dashboard/', label: 'Overview' },
    { href: '/dashboard/orders/', label: 'Orders' },
    { href: '/dashboard/returns/', label: 'Returns' },
    { href: '/dashboard/earnings/', label: 'Earnings' },
    { href: '/dashboard/products/', label: 'Products' },
    { href: '/dashboard/store/', label: 'Store page' },
  ],
  operator: [
    { href: '/admin/stores/', label: 'Stores' },
    { href: '/admin/reviews/', label: 'Reviews' },
    { href: '/admin/payments/', label: 'Payments' },
    { href: '/admin/payouts/', label: 'Payouts' },
    { href: '/admin/commission/', label: 'Commission' },
    { href: '/admin/reports/', label: 'Reports' },
    { href: '/admin/disputes/', label: 'Disputes' },
  ],
};

export const WORKSPACE_TITLES: Record<WorkspaceArea, string> = {
  seller: 'Seller workspace',
  operator: 'Operator workspace',
};

/** The link of the area that the path is in: the longest prefix wins (/dashboard/orders/x → Orders). */
export function currentLink(area: WorkspaceArea, pathname: string): string | undefined {
  const path = pathname.endsWith('/') ? pathname : `${pathname}/`;
  return WORKSPACE_LINKS[area].filter((l) => path.startsWith(l.href)).sort((a, b) => b.href.length - a.href.length)[0]
    ?.href;
}
