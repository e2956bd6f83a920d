import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/router/router';
import { CandlesIcon, FlameIcon, GlobeIcon, ListIcon, SettingsIcon, StarIcon, UserIcon } from '../../../components/icons/shell-icons';
import { paths } from '../../../lib/paths';

const products = [
  { to: paths.productTaiwan, titleKey: 'pages.productTaiwan', Icon: GlobeIcon },
  { to: paths.productFuture, titleKey: 'pages.productFuture', Icon: CandlesIcon },
  { to: paths.productPopular, titleKey: 'pages.productPopular', Icon: FlameIcon },
  { to: paths.productBlockTrade, titleKey: 'pages.productBlockTrade', Icon: ListIcon },
  { to: paths.productNewStock, titleKey: 'pages.productNewStock', Icon: StarIcon },
  { to: paths.productFollow, titleKey: 'pages.productFollow', Icon: UserIcon },
  { to: paths.robotCatalogue, titleKey: 'pages.robotCatalogue', Icon: SettingsIcon },
] as const;

/** Home's shortcuts to the product pages of SPEC §2. */
export function ProductGrid() {
  const { t } = useTranslation();
  return (
    <nav className="section card product-grid" aria-label={t('home.products')}>
      {products.map(({ to, titleKey, Icon }) => (
        <Link key={to} to={to} className="product-grid-item">
          <span className="product-grid-icon">
            <Icon aria-hidden />
          </span>
          <span className="product-grid-title">{t(titleKey)}</span>
        </Link>
      ))}
    </nav>
  );
}
