import type { DepositChannel } from '@tradewind/contract';
import { SegmentedControl } from '../../../components/segmented-control';
import { useFundingTranslation } from '../i18n/use-funding-translation';

/** Several channels of one kind (USD and EUR transfers; USDT and USDC): a switch between them. */
export function ChannelSwitch({ channels, value, onChange }: { channels: DepositChannel[]; value: number; onChange: (id: number) => void }) {
  const { t } = useFundingTranslation();
  if (channels.length < 2) return null;
  return (
    <SegmentedControl
      label={t('deposit.channel')}
      className="fd-switch"
      value={value}
      onChange={onChange}
      options={channels.map((channel) => ({ value: channel.id, label: channel.network ? `${channel.asset} · ${channel.network}` : channel.asset }))}
    />
  );
}
