import type { IpoDraw } from '@tradewind/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shareCount as formatNumber } from './offering-card';
import { useIpoDraw } from '../api/get-ipo-draw';
import { type DrawReplay, replayDraw, sha256Hex } from '../utils/replay-draw';

const SHOWN_TICKETS = 30;
const SHOWN_RANGES = 200;

interface Verdict {
  seedOk: boolean;
  digestOk: boolean;
  lotsOk: boolean;
  mine: number[];
}

/** Recomputes the draw from the published inputs only, and compares with what was published. */
async function verify(draw: IpoDraw): Promise<Verdict> {
  const seed = draw.seed!;
  const seedOk = (await sha256Hex(seed)) === draw.seedHash;
  const replay: DrawReplay = await replayDraw({ seed, supplyLots: draw.supplyLots, requests: draw.ranges.map((range) => range.requestedLots) });
  const digestOk = replay.drawDigest === draw.drawDigest;
  const lotsOk = replay.allotted.every((lots, index) => lots === draw.ranges[index]!.allottedLots);
  const own = draw.ranges.filter((range) => range.mine);
  const isMine = (ticket: number) => own.some((range) => ticket >= range.ticketFrom && ticket <= range.ticketTo);
  const mine = replay.drawn ? replay.drawnTickets.filter(isMine).sort((a, b) => a - b) : own.flatMap((range) => Array.from({ length: range.requestedLots }, (_, i) => range.ticketFrom + i));
  return { seedOk, digestOk, lotsOk, mine };
}

function Check({ ok, yes, no }: { ok: boolean; yes: string; no: string }) {
  return (
    <li className={ok ? 'ipo-check ipo-check-ok' : 'ipo-check ipo-check-bad'}>
      <span aria-hidden="true">{ok ? '✓' : '✗'}</span> {ok ? yes : no}
    </li>
  );
}

function DrawDetails({ draw }: { draw: IpoDraw }) {
  const { t } = useTranslation();
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [state, setState] = useState<'idle' | 'running' | 'failed'>('idle');
  const own = draw.ranges.filter((range) => range.mine);
  const run = async () => {
    setState('running');
    try {
      setVerdict(await verify(draw));
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  return (
    <div className="ipo-draw" data-testid="ipo-draw">
      <p className="form-hint">{t('desk.draw.intro')}</p>
      <dl className="ipo-draw-fields">
        <dt>{t('desk.draw.seedHash')}</dt>
        <dd>
          <code className="ipo-hash">{draw.seedHash}</code>
        </dd>
        <dt>{t('desk.draw.seed')}</dt>
        <dd>{draw.seed ? <code className="ipo-hash">{draw.seed}</code> : t('desk.draw.seedPending')}</dd>
        {draw.allotted ? (
          <>
            <dt>{t('desk.draw.digest')}</dt>
            <dd>{draw.drawDigest ? <code className="ipo-hash">{draw.drawDigest}</code> : t('desk.draw.noDraw')}</dd>
          </>
        ) : null}
        <dt>{t('desk.draw.demandLabel')}</dt>
        <dd>{t('desk.draw.demand', { demand: formatNumber(draw.demandLots), supply: formatNumber(draw.supplyLots) })}</dd>
        <dt>{t('desk.draw.yourTickets')}</dt>
        <dd>
          {own.map((range) => (
            <span key={range.ticketFrom} className="ipo-ticket-range">
              {t('desk.draw.ticketRange', { from: formatNumber(range.ticketFrom), to: formatNumber(range.ticketTo), lots: formatNumber(range.requestedLots) })}
            </span>
          ))}
        </dd>
      </dl>
      <details className="ipo-ranges">
        <summary>{t('desk.draw.allRanges', { count: draw.ranges.length })}</summary>
        <ol>
          {draw.ranges.slice(0, SHOWN_RANGES).map((range) => (
            <li key={range.ticketFrom} className={range.mine ? 'ipo-range-mine' : undefined}>
              {t('desk.draw.ticketRange', { from: formatNumber(range.ticketFrom), to: formatNumber(range.ticketTo), lots: formatNumber(range.requestedLots) })}
              {draw.allotted ? ` · ${t('desk.draw.allotted', { lots: formatNumber(range.allottedLots) })}` : ''}
              {range.mine ? ` · ${t('desk.draw.yours')}` : ''}
            </li>
          ))}
        </ol>
      </details>
      {draw.seed ? (
        <button type="button" className="primary-pill ipo-verify" onClick={() => void run()} disabled={state === 'running'}>
          {state === 'running' ? t('desk.draw.verifying') : t('desk.draw.verify')}
        </button>
      ) : null}
      {state === 'failed' ? (
        <p className="form-error" role="alert">
          {t('desk.draw.failed')}
        </p>
      ) : null}
      {verdict ? (
        <div role="status" data-testid="ipo-draw-verdict">
          <ul className="ipo-checks">
            <Check ok={verdict.seedOk} yes={t('desk.draw.checkSeed')} no={t('desk.draw.checkSeedFailed')} />
            <Check ok={verdict.digestOk} yes={t('desk.draw.checkDigest')} no={t('desk.draw.checkDigestFailed')} />
            <Check ok={verdict.lotsOk} yes={t('desk.draw.checkLots')} no={t('desk.draw.checkLotsFailed')} />
          </ul>
          <p className="ipo-drawn-mine">
            {verdict.mine.length === 0
              ? t('desk.draw.yourNone')
              : t('desk.draw.yourDrawn', { tickets: verdict.mine.slice(0, SHOWN_TICKETS).map((ticket) => formatNumber(ticket)).join(', ') })}
            {verdict.mine.length > SHOWN_TICKETS ? ` ${t('desk.draw.andMore', { count: verdict.mine.length - SHOWN_TICKETS })}` : ''}
          </p>
        </div>
      ) : null}
    </div>
  );
}

/** The draw of one offering for its subscriber, behind a button (it is fetched only when asked for). */
export function DrawProof({ offeringId }: { offeringId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const draw = useIpoDraw(offeringId, open);
  return (
    <section className="ipo-draw-section" aria-label={t('desk.draw.title')}>
      <button type="button" className="text-button" aria-expanded={open} onClick={() => setOpen((value) => !value)}>
        {open ? t('desk.draw.hide') : t('desk.draw.show')}
      </button>
      {open && draw.data ? <DrawDetails draw={draw.data} /> : null}
      {open && draw.isError ? <p className="form-error">{t('desk.draw.failed')}</p> : null}
    </section>
  );
}
