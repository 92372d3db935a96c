import { useState } from 'react';
import type { LightApiError } from '../../../kit/http.ts';
import { PageLink, Shell, StatusPanel } from '../../../kit/layout.tsx';
import { Refused } from '../../../kit/refused.tsx';
import type { ApplyPageProps } from '../../routes.ts';
import { applyHref, goApply } from '../../variant.ts';
import { type Agent, boardLanding, filterTenants } from '../api.ts';
import { useAgentTexts } from '../i18n.ts';
import { useAgent } from '../use-agent.ts';

/** From this many companies on, a search box filters them by name (on the phone, nothing sent). */
export const SEARCH_FROM = 6;

/**
 * /allEleAgentTenant?c=<agent code>: the agent's name and the companies it serves that invoice by scan now; each
 * board's 去开票 opens that company's board landing (/allEleCodeBoardPlat or /enterpriseCodePlate, by its kind).
 * No code: what to scan. An unknown or disabled code: the server's one wording (AGENT_CODE_UNAVAILABLE).
 */
export default function AgentTenantsPage({ code, variant }: ApplyPageProps) {
  const { t, lang } = useAgentTexts();
  const state = useAgent(code, lang);
  return (
    <Shell title={t('agent.title')}>
      {state.kind === 'nocode' && (
        <StatusPanel tone="warn" title={t('agent.nocode.title')}>
          <p>{t('agent.nocode.text')}</p>
        </StatusPanel>
      )}
      {state.kind === 'loading' && <StatusPanel tone="busy" title={t('loading')} />}
      {state.kind === 'refused' && <AgentRefused error={state.error} />}
      {state.kind === 'ok' && <AgentList agent={state.agent} variant={variant} />}
    </Shell>
  );
}

function AgentRefused({ error }: { error: LightApiError }) {
  const { t } = useAgentTexts();
  if (error.code === 'AGENT_CODE_UNAVAILABLE')
    return (
      <StatusPanel tone="warn" title={t('agent.unavailable.title')}>
        <p>{error.message}</p>
      </StatusPanel>
    );
  return <Refused error={error} />;
}

function AgentList({ agent, variant }: { agent: Agent; variant: ApplyPageProps['variant'] }) {
  const { t } = useAgentTexts();
  const [query, setQuery] = useState('');
  const shown = filterTenants(agent.tenants, query);
  return (
    <>
      <section className="b-card b-summary" data-testid="agent-card">
        <strong>{agent.name}</strong>
        {agent.tenants.length > 0 && <span className="b-small">{t('agent.intro')}</span>}
        {agent.tenants.length > 0 && (
          <span className="b-small">{t('agent.count', { n: agent.tenants.length })}</span>
        )}
      </section>
      {agent.tenants.length === 0 && (
        <StatusPanel tone="warn" title={t('agent.empty.title')}>
          <p>{t('agent.empty.text')}</p>
        </StatusPanel>
      )}
      {agent.tenants.length >= SEARCH_FROM && (
        <section className="b-card b-form">
          <input
            type="search"
            className="b-input"
            placeholder={t('agent.search')}
            aria-label={t('agent.searchLabel')}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </section>
      )}
      {agent.tenants.length > 0 && shown.length === 0 && (
        <StatusPanel
          tone="warn"
          title={t('agent.noMatch', { q: query.trim() })}
          actions={
            <button type="button" className="b-btn" onClick={() => setQuery('')}>
              {t('agent.clear')}
            </button>
          }
        />
      )}
      {shown.length > 0 && (
        <ul className="b-list" data-testid="agent-tenants">
          {shown.map((tenant) => (
            <li key={tenant.name} className="b-card" data-testid="agent-tenant">
              <h2 className="b-section-title" style={{ margin: '0 0 8px' }}>
                {tenant.name}
              </h2>
              <ul className="b-list">
                {tenant.boards.map((b) => (
                  <li key={b.code} className="b-row">
                    <span className="b-row-main">
                      <span>{b.name}</span>
                      <span>
                        <span className="b-tag b-tag-ok">
                          {b.invoiceKind === 'allEle' ? t('agent.kind.allEle') : t('agent.kind.normal')}
                        </span>
                      </span>
                    </span>
                    <PageLink
                      className="b-btn b-primary"
                      href={applyHref(boardLanding(b), variant, b.code)}
                      onGo={() => goApply(boardLanding(b), variant, b.code)}
                    >
                      <span aria-label={t('agent.goLabel', { tenant: tenant.name, board: b.name })}>
                        {t('agent.go')}
                      </span>
                    </PageLink>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
