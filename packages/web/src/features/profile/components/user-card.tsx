import { KycStatus, type User } from '@tradewind/contract';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/router/router';
import { DateFormat, formatDate } from '../../../lib/format-date';
import { paths } from '../../../lib/paths';
import { kycStatusKey } from './kyc-status-label';

/** The logged-in user at a glance: who, which account, referral code, verification state and phone. */
export function UserCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const initial = (user.name || user.email).charAt(0).toUpperCase();
  const verified = user.kycStatus === KycStatus.Verified;
  return (
    <section className="account-hero" aria-label={t('pages.account')}>
      <div className="user-card-head">
        <span className="user-avatar" aria-hidden="true">
          {initial}
        </span>
        <div className="user-card-identity">
          <p className="user-card-email" data-testid="account-email">
            {user.email}
          </p>
          <span className={verified ? 'kyc-badge kyc-badge-verified' : 'kyc-badge'}>{t(kycStatusKey(user.kycStatus))}</span>
        </div>
      </div>
      <dl className="user-card-facts">
        <div>
          <dt>{t('account.uid')}</dt>
          <dd>{user.id}</dd>
        </div>
        <div>
          <dt>{t('account.inviteCode')}</dt>
          <dd>{user.inviteCode}</dd>
        </div>
        <div>
          <dt>{t('account.memberSince')}</dt>
          <dd>{formatDate(user.createTimeTimestamp, DateFormat.date)}</dd>
        </div>
        {user.invitedBy ? (
          <div>
            <dt>{t('account.invitedBy')}</dt>
            <dd>{user.invitedBy}</dd>
          </div>
        ) : null}
        <div className="user-card-phone">
          <dt>{t('account.phone')}</dt>
          {/* The edit link sits inside the dd: a dl's groups may hold only dt and dd (axe: definition-list). */}
          <dd>
            <span data-testid="account-phone">{user.phone || t('account.phoneNotSet')}</span>
            <Link className="user-card-edit" to={paths.phone} aria-label={t('account.phoneEdit')}>
              {t('account.edit')}
            </Link>
          </dd>
        </div>
      </dl>
    </section>
  );
}
