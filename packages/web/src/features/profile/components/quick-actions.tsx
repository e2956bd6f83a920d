import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/router/router';
import { DepositIcon, ListIcon, TransferIcon, WithdrawIcon } from '../../../components/icons/icons';
import { paths } from '../../../lib/paths';

/** The four money shortcuts a broker's account screen leads with. */
export function QuickActions() {
  const { t } = useTranslation();
  const actions = [
    { key: 'deposit', label: t('account.deposit'), to: paths.deposit, Icon: DepositIcon },
    { key: 'withdraw', label: t('account.withdraw'), to: paths.withdrawBankCard, Icon: WithdrawIcon },
    { key: 'transfer', label: t('account.transfer'), to: paths.transfer, Icon: TransferIcon },
    { key: 'transactions', label: t('account.transactions'), to: paths.transactions, Icon: ListIcon },
  ];
  return (
    <nav className="card quick-actions" aria-label={t('account.money')}>
      {actions.map(({ key, label, to, Icon }) => (
        <Link key={key} className="quick-action" to={to}>
          <span className="quick-action-icon">
            <Icon />
          </span>
          <span className="quick-action-label">{label}</span>
        </Link>
      ))}
    </nav>
  );
}
