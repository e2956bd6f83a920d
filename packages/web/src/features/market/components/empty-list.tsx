import { useTranslation } from 'react-i18next';

export function EmptyList() {
  const { t } = useTranslation();
  return <p className="list-empty">{t('market.emptyList')}</p>;
}
