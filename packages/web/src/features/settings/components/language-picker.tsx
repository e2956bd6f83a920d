import { type Locale, locales } from '@tradewind/contract';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../../../components/icons/icons';
import { changeLocale, currentLocale } from '../../../i18n/i18n';
import { showSuccessToast } from '../../../lib/toast';
import { flagByLocale } from './flag-icons';

/** Each language in its own script, so a user who cannot read the current one still finds theirs. */
const nativeNames: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  hi: 'हिन्दी',
  ja: '日本語',
  th: 'ไทย',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
};

/** The seven interface languages with their flags; the choice is remembered (`UNI_LOCALE`). */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const selected = currentLocale();

  const choose = (locale: Locale) => {
    if (locale === selected) return;
    void changeLocale(locale).then(() => showSuccessToast(i18n.t('settings.languageSaved')));
  };

  return (
    <div className="card" role="radiogroup" aria-label={t('settings.language')}>
      <ul className="menu-list">
        {locales.map((locale) => {
          const Flag = flagByLocale[locale];
          const checked = locale === selected;
          return (
            <li key={locale} className="menu-item">
              <button
                type="button"
                role="radio"
                aria-checked={checked}
                lang={locale}
                className="menu-link language-option"
                onClick={() => choose(locale)}
              >
                <Flag />
                <span className="menu-label">{nativeNames[locale]}</span>
                {checked ? <CheckIcon className="language-check" /> : null}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
