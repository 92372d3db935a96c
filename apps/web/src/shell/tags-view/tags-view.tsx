import { Dropdown, Tag, theme } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useLanguage } from '../../lib/i18n.ts';
import { findPage, useConsole } from '../console-context.tsx';
import { pageTitle } from '../console-page.ts';
import {
  addView,
  closeAllViews,
  closeOtherViews,
  closeView,
  useVisitedViews,
  type VisitedView,
} from './tags-store.ts';

/** Spec §2.11/§4: the strip of visited pages above the main area. */
export function TagsView() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { pages, refreshPage } = useConsole();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const views = useVisitedViews();
  const { token } = theme.useToken();

  useEffect(() => {
    const page = findPage(pages, pathname);
    if (!page) return;
    const title = pageTitle(page, lang);
    // Spec §4: a page is added only if it has a name.
    if (title) addView({ path: pathname, fullPath: pathname + search, code: page.code, title });
  }, [pages, pathname, search, lang]);

  const titleOf = (view: VisitedView) => {
    const page = findPage(pages, view.path);
    return page ? pageTitle(page, lang) : view.title;
  };

  const close = (view: VisitedView) => {
    const left = closeView(view.path);
    if (view.path !== pathname) return;
    const last = left[left.length - 1];
    navigate(last ? last.fullPath : '/dashboard');
  };

  const closeOthers = (view: VisitedView) => {
    closeOtherViews(view.path);
    if (view.path !== pathname) navigate(view.fullPath);
  };

  const closeAll = () => {
    closeAllViews();
    navigate('/');
  };

  return (
    <div
      className="tags-view"
      style={{
        display: 'flex',
        gap: 4,
        padding: '4px 12px',
        overflowX: 'auto',
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        background: token.colorBgContainer,
      }}
    >
      {views.map((view) => {
        const active = view.path === pathname;
        return (
          <Dropdown
            key={view.path}
            trigger={['contextMenu']}
            menu={{
              items: [
                { key: 'refresh', label: t('shell.tags.refresh') },
                { key: 'close', label: t('shell.tags.close') },
                { key: 'others', label: t('shell.tags.closeOthers') },
                { key: 'all', label: t('shell.tags.closeAll') },
              ],
              onClick: ({ key }) => {
                if (key === 'refresh') {
                  if (active) refreshPage();
                  else navigate(view.fullPath);
                } else if (key === 'close') close(view);
                else if (key === 'others') closeOthers(view);
                else closeAll();
              },
            }}
          >
            <Tag
              data-path={view.path}
              className={active ? 'tags-view-item active' : 'tags-view-item'}
              color={active ? 'blue' : undefined}
              closable
              onClose={(e) => {
                e.preventDefault();
                close(view);
              }}
              onClick={() => navigate(view.fullPath)}
              style={{ cursor: 'pointer', marginInlineEnd: 0, userSelect: 'none' }}
            >
              {titleOf(view)}
            </Tag>
          </Dropdown>
        );
      })}
    </div>
  );
}
