import { Link } from '../../../lib/router/router';
import { ChevronRightIcon, IdCardIcon } from '../../../components/icons/icons';
import { useKycTranslation } from '../i18n/use-kyc-translation';
import { kycPaths } from '../utils/routes';

/** The two ways to verify: ID card (front and back) or passport (photo page). */
export function DocumentChoice() {
  const { t } = useKycTranslation();
  return (
    <nav className="card" aria-label={t('start.choose')}>
      <ul className="menu-list">
        <li className="menu-item">
          <Link className="menu-link kyc-choice" to={kycPaths.idCard}>
            <span className="menu-icon">
              <IdCardIcon />
            </span>
            <span className="kyc-choice-text">
              <span className="kyc-choice-name">{t('start.idCard')}</span>
              <span className="kyc-choice-hint">{t('start.idCardHint')}</span>
            </span>
            <ChevronRightIcon className="menu-chevron" />
          </Link>
        </li>
        <li className="menu-item">
          <Link className="menu-link kyc-choice" to={kycPaths.passport}>
            <span className="menu-icon">
              <PassportGlyph />
            </span>
            <span className="kyc-choice-text">
              <span className="kyc-choice-name">{t('start.passport')}</span>
              <span className="kyc-choice-hint">{t('start.passportHint')}</span>
            </span>
            <ChevronRightIcon className="menu-chevron" />
          </Link>
        </li>
      </ul>
    </nav>
  );
}

/** A passport booklet, drawn like the app's other icons (24×24, stroked in currentColor). */
export function PassportGlyph() {
  return (
    <svg width="1em" height="1em" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <rect x="5" y="3" width="14" height="18" rx="2" />
      <circle cx="12" cy="10" r="3" />
      <path d="M9 16.5h6" />
    </svg>
  );
}
