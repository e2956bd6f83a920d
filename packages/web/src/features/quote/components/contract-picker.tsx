import type { FuturesContract } from '@tradewind/contract';
import { useTranslation } from 'react-i18next';

interface ContractPickerProps {
  contracts: readonly FuturesContract[];
  /** The contract on screen. */
  active: string | undefined;
  onPick: (contract: FuturesContract) => void;
}

/** The listed contract months of a futures root, front month marked. */
export function ContractPicker({ contracts, active, onPick }: ContractPickerProps) {
  const { t } = useTranslation();
  if (contracts.length === 0) return null;
  return (
    <section className="card contract-card" aria-label={t('quote.contractMonth')}>
      <h2 className="stat-card-title">{t('quote.contractMonth')}</h2>
      <div className="contract-chips" role="group" aria-label={t('quote.contractMonth')}>
        {contracts.map((contract) => {
          const selected = contract.stock_code === active;
          return (
            <button
              key={contract.stock_code}
              type="button"
              className={selected ? 'contract-chip contract-chip-active' : 'contract-chip'}
              aria-pressed={selected}
              onClick={() => onPick(contract)}
            >
              <span className="contract-chip-month">{contract.month}</span>
              <span className="contract-chip-code">
                {contract.stock_code}
                {contract.isFront ? ` · ${t('quote.frontMonth')}` : ''}
              </span>
            </button>
          );
        })}
      </div>
    </section>
  );
}
