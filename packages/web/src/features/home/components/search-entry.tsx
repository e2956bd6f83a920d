import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/router/router';
import { SearchIcon } from '../../../components/icons/shell-icons';
import { paths } from '../../../lib/paths';

/** Looks like a search box, opens the search page (SPEC §2 /pages/search/index). */
export function SearchEntry() {
  const { t } = useTranslation();
  return (
    <Link className="search-entry" to={paths.search}>
      <SearchIcon className="search-entry-icon" />
      <span>{t('search.placeholder')}</span>
    </Link>
  );
}
