import { useTranslation } from 'react-i18next';
import { BackIcon } from '../components/icons/shell-icons';
import { useGoBack } from '../lib/navigation';

/** The custom top bar of non-tab pages (SPEC §2): back on the left, the page title centred. */
export function NavBar({ title }: { title: string }) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <header className="nav-bar">
      <button type="button" className="nav-bar-back" aria-label={t('common.back')} onClick={goBack}>
        <BackIcon />
      </button>
      <h1 className="nav-bar-title">{title}</h1>
      <span className="nav-bar-side" aria-hidden="true" />
    </header>
  );
}
