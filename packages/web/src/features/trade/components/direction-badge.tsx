import { useTranslation } from 'react-i18next';

/** Buy-up (long) or buy-down (short), SPEC §3's order direction, as a small coloured label. */
export function DirectionBadge({ direction }: { direction: number }) {
  const { t } = useTranslation();
  const up = direction === 0;
  return <span className={up ? 'direction-badge direction-badge-up' : 'direction-badge direction-badge-down'}>{up ? t('trade.buyUp') : t('trade.buyDown')}</span>;
}
