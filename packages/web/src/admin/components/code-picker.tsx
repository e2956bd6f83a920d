import { ARTICLE_CODES_MAX } from '@tradewind/contract';
import { useDeferredValue, useId, useState } from 'react';
import { useSearchInstruments } from '../../api/market/search-instruments';
import { useAdminTranslation } from '../i18n/use-admin-translation';

/**
 * The instruments an article is about: search the catalog by code or name, pick from the matches,
 * and see the picked codes as chips that can be removed. Only codes the catalog lists can be picked.
 */
export function CodePicker({ codes, onChange }: { codes: readonly string[]; onChange: (codes: string[]) => void }) {
  const { t } = useAdminTranslation();
  const id = useId();
  const [keyword, setKeyword] = useState('');
  const deferred = useDeferredValue(keyword.trim());
  const search = useSearchInstruments({ keyword: deferred, pageSize: 8 }, { enabled: deferred !== '', requestId: `code-picker-${id}` });
  const full = codes.length >= ARTICLE_CODES_MAX;
  const matches = deferred === '' ? [] : (search.data?.list ?? []);

  const add = (code: string) => {
    if (codes.includes(code) || full) return;
    onChange([...codes, code]);
    setKeyword('');
  };

  return (
    <div className="bo-field bo-code-picker">
      <label className="bo-label" htmlFor={`${id}-search`}>
        {t('articles.codes')}
      </label>
      <p className="bo-hint" id={`${id}-hint`}>
        {t('articles.codesHint')}
      </p>
      <ul className="bo-code-chips" aria-label={t('articles.codes')}>
        {codes.length === 0 ? <li className="bo-hint">{t('articles.codesNone')}</li> : null}
        {codes.map((code) => (
          <li key={code} className="bo-code-chip">
            <span>{code}</span>
            <button type="button" className="bo-code-chip-remove" aria-label={t('articles.codesRemove', { code })} onClick={() => onChange(codes.filter((c) => c !== code))}>
              ×
            </button>
          </li>
        ))}
      </ul>
      <input
        id={`${id}-search`}
        className="bo-input"
        type="search"
        value={keyword}
        disabled={full}
        autoComplete="off"
        placeholder={t('articles.codesSearch')}
        aria-describedby={`${id}-hint`}
        onChange={(event) => setKeyword(event.target.value)}
      />
      {full ? <p className="bo-hint">{t('articles.codesMax', { max: ARTICLE_CODES_MAX })}</p> : null}
      {deferred !== '' && search.data ? (
        matches.length === 0 ? (
          <p className="bo-hint" role="status">
            {t('articles.codesNoMatch', { keyword: deferred })}
          </p>
        ) : (
          <ul className="bo-code-results" aria-label={t('articles.codesResults')}>
            {matches.map((item) => (
              <li key={`${item.source}:${item.stock_code}`}>
                <button type="button" className="bo-code-result" disabled={codes.includes(item.stock_code)} onClick={() => add(item.stock_code)}>
                  <strong>{item.stock_code}</strong>
                  <span>{item.name}</span>
                  <span className="bo-code-result-market">{item.market}</span>
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}
