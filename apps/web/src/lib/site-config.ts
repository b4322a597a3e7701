/** Site configuration written into the page by the server (brand, support e-mail, phone, chat link). */
export interface SiteConfig {
  brandName: string;
  supportEmail: string;
  supportPhone: string;
  chatUrl: string;
  /** Social profile links; only those configured are shown. */
  social?: Partial<Record<'facebook' | 'instagram' | 'linkedin' | 'youtube', string>>;
}

const FALLBACK: SiteConfig = {
  brandName: 'Spa Jobs',
  supportEmail: 'support@spajobs.example',
  supportPhone: '+91 98765 43210',
  chatUrl: 'https://wa.me/919876543210',
  social: {},
};

let cached: SiteConfig | undefined;

/** The server renderer sets the site's configuration once, as the page will carry it. */
export function setSiteConfig(config: Partial<SiteConfig>): void {
  cached = { ...FALLBACK, ...config };
}

export function siteConfig(): SiteConfig {
  if (cached) return cached;
  try {
    const el = typeof document !== 'undefined' ? document.getElementById('site-config') : null;
    cached = el?.textContent
      ? { ...FALLBACK, ...(JSON.parse(el.textContent) as Partial<SiteConfig>) }
      : FALLBACK;
  } catch {
    cached = FALLBACK;
  }
  return cached;
}
