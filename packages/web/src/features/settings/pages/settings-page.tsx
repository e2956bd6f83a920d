import { useTranslation } from 'react-i18next';
import { ShieldIcon } from '../../../components/icons/icons';
import { MenuList } from '../../../components/menu-list';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/use-session';
import { AppearancePicker } from '../components/appearance-picker';
import { LanguagePicker } from '../components/language-picker';

/** Language and appearance for everyone; the security entry only once logged in (its pages need a session). */
export function SettingsPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  return (
    <>
      <h2 className="section-title">{t('settings.language')}</h2>
      <div className="section">
        <LanguagePicker />
      </div>
      <h2 className="section-title">{t('settings.appearance')}</h2>
      <div className="section">
        <AppearancePicker />
      </div>
      {token ? (
        <>
          <h2 className="section-title">{t('settings.security')}</h2>
          <div className="section">
            <MenuList
              label={t('settings.security')}
              entries={[{ key: 'security', label: t('settings.security'), icon: <ShieldIcon />, to: paths.security }]}
            />
          </div>
        </>
      ) : null}
    </>
  );
}
