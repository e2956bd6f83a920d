import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from '../lib/router/router';
import { SegmentedControl } from '../components/segmented-control';
import { ArticleFeed } from '../features/articles/components/article-feed';
import { ArticleDetailPage } from '../features/articles/pages/article-detail-page';
import { NoticeDetailPage as MessageDetailPage } from '../features/inbox/pages/notice-detail-page';
import { NoticeListPage as MessageListPage } from '../features/inbox/pages/notice-list-page';
import { paths } from '../lib/paths';
import { useSession } from '../lib/session/use-session';
import { RequireLogin } from './guards';

type Section = 'messages' | 'notices' | 'news';
const isSection = (value: string | null): value is Section => value === 'messages' || value === 'notices' || value === 'news';

/**
 * SPEC §2 `/pages/notice/index`: "read articles, notices and messages" in one place. A logged-in
 * user lands on their messages (the inbox); a visitor, who has none, on the broker's notices.
 * `?tab=` picks the section, so back and forward keep it.
 */
export function NoticeCenterPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab');
  const sections: Section[] = token ? ['messages', 'notices', 'news'] : ['notices', 'news'];
  const section: Section = isSection(asked) && sections.includes(asked) ? asked : sections[0]!;

  return (
    <>
      <div className="section nc-sections">
        <SegmentedControl
          label={t('articles.sections')}
          options={sections.map((value) => ({ value, label: t(`articles.${value}`) }))}
          value={section}
          onChange={(value) => setSearch({ tab: value }, { replace: true })}
        />
        {token ? null : (
          <p className="nc-login">
            <Link to={paths.login} state={{ from: `${paths.notices}?tab=${section}` }}>
              {t('articles.loginForMessages')}
            </Link>
          </p>
        )}
      </div>
      {section === 'messages' ? <MessageListPage /> : null}
      {section === 'notices' ? <ArticleFeed kind="notice" hrefOf={(id) => `${paths.noticeDetail}?articleId=${id}`} /> : null}
      {section === 'news' ? <ArticleFeed kind="news" hrefOf={(id) => `${paths.newsDetail}?id=${id}`} /> : null}
    </>
  );
}

/** SPEC §2 `/pages/notice/detail`: a notice from the broker (`?articleId=`, anyone) or one of the user's messages (`?id=`). */
export function NoticeDetailRoute() {
  const [search] = useSearchParams();
  if (search.has('articleId')) return <ArticleDetailPage idParam="articleId" />;
  return (
    <RequireLogin>
      <MessageDetailPage />
    </RequireLogin>
  );
}
