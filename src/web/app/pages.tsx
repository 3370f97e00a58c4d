import { type ComponentType, lazy } from 'react';
import { withSignedInPricing } from './pricing-route.tsx';

type Loader = () => Promise<{ default: ComponentType }>;
export type Page = { load: Loader; Component: ComponentType };

/** A route-level code-split page: `load` fetches its chunk (used by prefetch), `Component` renders it. */
function page<M>(importer: () => Promise<M>, pick: (module: M) => ComponentType): Page {
  let pending: Promise<{ default: ComponentType }> | null = null;
  const load: Loader = () => {
    pending ??= importer().then((module) => ({ default: pick(module) }));
    return pending;
  };
  return { load, Component: lazy(load) };
}

export const pages = {
  landing: page(
    () => import('../features/marketing/pages/landing-page.tsx'),
    (m) => m.LandingPage,
  ),
  product: page(
    () => import('../features/marketing/pages/product-page.tsx'),
    (m) => m.ProductPage,
  ),
  pricing: page(
    () => import('../features/marketing/pages/pricing-page.tsx'),
    (m) => withSignedInPricing(m.PricingPage),
  ),
  enhancedPricing: page(
    () => import('../features/marketing/pages/enhanced-pricing-page.tsx'),
    (m) => m.EnhancedPricingPage,
  ),
  company: page(
    () => import('../features/marketing/pages/company-page.tsx'),
    (m) => m.CompanyPage,
  ),
  privacy: page(
    () => import('../features/marketing/pages/legal-pages.tsx'),
    (m) => m.PrivacyPage,
  ),
  terms: page(
    () => import('../features/marketing/pages/legal-pages.tsx'),
    (m) => m.TermsPage,
  ),
  cookies: page(
    () => import('../features/marketing/pages/legal-pages.tsx'),
    (m) => m.CookiesPage,
  ),
  removeMe: page(
    () => import('../features/marketing/pages/remove-me-page.tsx'),
    (m) => m.RemoveMePage,
  ),
  confirmRemoval: page(
    () => import('../features/marketing/pages/remove-me-page.tsx'),
    (m) => m.ConfirmRemovalPage,
  ),
  contact: page(
    () => import('../features/marketing/pages/contact-page.tsx'),
    (m) => m.ContactPage,
  ),
  oauthCallback: page(
    () => import('../features/auth/pages/oauth-callback-page.tsx'),
    (m) => m.OAuthCallbackPage,
  ),
  resetPassword: page(
    () => import('../features/auth/pages/reset-password-page.tsx'),
    (m) => m.ResetPasswordPage,
  ),
  architecture: page(
    () => import('../features/architecture/pages/architecture-page.tsx'),
    (m) => m.ArchitecturePage,
  ),
} satisfies Record<string, Page>;

/** Which page each public path shows; the router and prefetching both read this. */
export const PUBLIC_PAGES: Record<string, Page> = {
  '/': pages.landing,
  '/auth': pages.landing,
  '/login': pages.landing,
  '/product': pages.product,
  '/pricing': pages.pricing,
  '/enhanced-pricing': pages.enhancedPricing,
  '/company': pages.company,
  '/privacy': pages.privacy,
  '/privacy/remove-me': pages.removeMe,
  '/privacy/remove-me/confirm': pages.confirmRemoval,
  '/terms': pages.terms,
  '/cookies': pages.cookies,
  '/contact': pages.contact,
  '/reset-password': pages.resetPassword,
  '/oauth/callback': pages.oauthCallback,
  '/architecture': pages.architecture,
};
