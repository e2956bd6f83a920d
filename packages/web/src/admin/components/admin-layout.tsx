import { type Locale, locales } from '@tradewind/contract';
import type { ReactNode } from 'react';
import { NavLink } from '../../lib/router/router';
import { BrandMark } from '../../components/brand-mark';
import { changeLocale, currentLocale } from '../../i18n/i18n';
import { paths } from '../../lib/paths';
import { type AdminKey, useAdminTranslation } from '../i18n/use-admin-translation';
import { adminPaths } from '../lib/admin-paths';

/** Each language in its own script, so an admin who cannot read the current one still finds theirs. */
const nativeNames: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  hi: 'हिन्दी',
  ja: '日本語',
  th: 'ไทย',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
};

const sections: readonly { to: string; label: AdminKey; end?: boolean }[] = [
  { to: adminPaths.root, label: 'nav.dashboard', end: true },
  { to: adminPaths.deposits, label: 'nav.deposits' },
  { to: adminPaths.withdrawals, label: 'nav.withdrawals' },
  { to: adminPaths.kyc, label: 'nav.kyc' },
  { to: adminPaths.permissions, label: 'nav.permissions' },
  { to: adminPaths.users, label: 'nav.users' },
  { to: adminPaths.agencies, label: 'nav.agencies' },
  { to: adminPaths.ipos, label: 'nav.ipos' },
  { to: adminPaths.blockOffers, label: 'desk.nav' },
  { to: adminPaths.articles, label: 'nav.articles' },
  { to: adminPaths.chat, label: 'nav.chat' },
  { to: adminPaths.messages, label: 'nav.messages' },
  { to: adminPaths.appVersion, label: 'nav.appVersion' },
  { to: adminPaths.outbox, label: 'nav.outbox' },
  { to: adminPaths.audit, label: 'nav.audit' },
];

/**
 * The back office frame: a header with who is signed in and the language, the sections as a side
 * navigation on a wide screen and as scrolling tabs on a narrow one, and the page.
 */
export function AdminLayout({ email, children }: { email: string; children: ReactNode }) {
  const { t } = useAdminTranslation();
  return (
    <div className="bo-shell">
      <header className="bo-topbar">
        <a className="bo-brand" href={`#${adminPaths.root}`}>
          <BrandMark size={28} />
          <span className="bo-brand-name">{t('app.brand')}</span>
          <span className="bo-brand-tag">{t('app.title')}</span>
        </a>
        <div className="bo-topbar-end">
          <span className="bo-whoami">{t('app.signedInAs', { email })}</span>
          <label className="bo-language">
            <span className="bo-visually-hidden">{t('app.language')}</span>
            <select className="bo-input bo-input-compact" value={currentLocale()} onChange={(event) => void changeLocale(event.target.value as Locale)}>
              {locales.map((locale) => (
                <option key={locale} value={locale}>
                  {nativeNames[locale]}
                </option>
              ))}
            </select>
          </label>
          <a className="bo-button bo-button-small" href={`#${paths.home}`}>
            {t('app.openApp')}
          </a>
        </div>
      </header>
      <nav className="bo-nav" aria-label={t('app.navigation')}>
        {sections.map((section) => (
          <NavLink key={section.to} to={section.to} end={section.end} className="bo-nav-link">
            {t(section.label)}
          </NavLink>
        ))}
      </nav>
      <main className="bo-main">{children}</main>
    </div>
  );
}
