import type { WithdrawalDestination } from '@tradewind/contract';
import { useRevealDestination } from '../api/get-withdrawal-destination';
import { useAdminTranslation } from '../i18n/use-admin-translation';
import { errorMessage } from '../lib/error-message';
import { FieldList } from './field-list';

function fields(t: ReturnType<typeof useAdminTranslation>['t'], d: WithdrawalDestination) {
  const code = (value: string | null) => <code className="bo-code bo-break">{value ?? '—'}</code>;
  return d.kind === 'bank'
    ? ([
        [t('desk.payout.kind'), t('desk.payout.bank')],
        [t('desk.payout.bankName'), d.bankName ?? '—'],
        [t('desk.payout.accountName'), d.accountName ?? '—'],
        [t('desk.payout.accountNumber'), code(d.cardNumber)],
      ] as const)
    : ([
        [t('desk.payout.kind'), t('desk.payout.crypto')],
        [t('desk.payout.currency'), d.currencyType ?? '—'],
        [t('desk.payout.network'), d.network ?? '—'],
        [t('desk.payout.address'), code(d.address)],
      ] as const);
}

/**
 * The full destination of a withdrawal, shown when the staff member asks for it (the list shows it
 * masked). Each reveal is a server call that writes who looked, when and at which withdrawal to
 * the audit log, so it is fetched on demand and not cached.
 */
export function PayoutDestination({ withdrawalId }: { withdrawalId: number }) {
  const { t } = useAdminTranslation();
  const reveal = useRevealDestination();
  return (
    <section className="bo-payout" aria-label={t('desk.payout.title')}>
      {reveal.data ? (
        <>
          <h3 className="bo-section-title">{t('desk.payout.title')}</h3>
          <FieldList items={fields(t, reveal.data)} />
        </>
      ) : (
        <button type="button" className="bo-button" onClick={() => reveal.mutate(withdrawalId)} disabled={reveal.isPending}>
          {t('desk.payout.show')}
        </button>
      )}
      <p className="bo-hint">{t('desk.payout.audited')}</p>
      {reveal.error ? (
        <p className="bo-form-error" role="alert">
          {errorMessage(reveal.error)}
        </p>
      ) : null}
    </section>
  );
}
