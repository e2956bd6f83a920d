import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../../../components/icons/icons';
import { type ThemeChoice, setThemeChoice, themeChoices, useThemeChoice } from '../../../lib/theme';

const labelKeys = {
  system: 'settings.themeSystem',
  light: 'settings.themeLight',
  dark: 'settings.themeDark',
} as const satisfies Record<ThemeChoice, string>;

/** Settings › Appearance: follow the phone, light or dark; remembered on this device and applied at once. */
export function AppearancePicker() {
  const { t } = useTranslation();
  const selected = useThemeChoice();
  return (
    <div className="card" role="radiogroup" aria-label={t('settings.appearance')}>
      <ul className="menu-list">
        {themeChoices.map((choice) => {
          const checked = choice === selected;
          return (
            <li key={choice} className="menu-item">
              <button
                type="button"
                role="radio"
                aria-checked={checked}
                className="menu-link language-option"
                data-testid={`theme-${choice}`}
                onClick={() => setThemeChoice(choice)}
              >
                <span className="menu-label">{t(labelKeys[choice])}</span>
                {checked ? <CheckIcon className="language-check" /> : null}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
