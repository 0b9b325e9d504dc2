import { portalRoles, roleDisplayName, type PortalRole } from '@cellforge/contracts';
import { paths } from '@/config/paths';

/** Main header links (docs/product.md §3.3). */
export const MAIN_NAV_LINKS = [
  { label: 'Robot Catalog', to: paths.catalog.getHref() },
  { label: 'ROI Calculator', to: paths.roiCalculator.getHref() },
] as const;

/** Portals menu entries: Customer, Supplier, System Integrator. */
export const PORTAL_ENTRIES: ReadonlyArray<{ role: PortalRole; label: string }> = portalRoles.map((role) => ({
  role,
  label: roleDisplayName(role),
}));

export const FOOTER_LINKS = [
  { label: 'About', to: paths.about.getHref() },
  { label: 'Privacy', to: paths.privacy.getHref() },
  { label: 'Terms', to: paths.terms.getHref() },
  { label: 'Contact', to: paths.contact.getHref() },
] as const;
