// /admin/havyaka-sandesh: the magazine's issues (by year and month; PDF upload, publish,
// feature, downloads) and its advertisement rate card. Sandesha managers and admins write
// (the policies decide); the public archive shows a published issue at once.
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { QueryState } from '@/components/ui/query-state';
import { LoadingState } from '@/components/ui/states';
import { adminText as t } from '../admin-text';
import { useAdminIssues } from '../api/admin-sandesha';
import type { Issue } from '../api/sandesha';
import { AdsPanel } from '../components/admin/ads-panel';
import { IssueForm } from '../components/admin/issue-form';
import { IssueList } from '../components/admin/issue-list';

type Tab = 'issues' | 'ads';

export function Component() {
  const [tab, setTab] = useState<Tab>('issues');
  const [editing, setEditing] = useState<Issue | 'new' | null>(null);
  const issues = useAdminIssues();
  const tabClass = (active: boolean) =>
    `min-h-11 rounded-t-md border-b-2 px-4 py-2 text-sm font-semibold ${active ? 'border-orange-800 text-orange-900' : 'border-transparent text-stone-600 hover:text-stone-900'}`;
  return (
    <div>
      <header className="mb-4">
        <h1 className="font-serif text-2xl font-bold sm:text-3xl">{t.title}</h1>
        <p className="mt-1 text-stone-700">{t.intro}</p>
      </header>
      <div
        role="tablist"
        aria-label={t.title}
        className="mb-6 flex gap-2 border-b border-stone-200"
      >
        <button
          type="button"
          role="tab"
          id="tab-issues"
          aria-selected={tab === 'issues'}
          aria-controls="panel-issues"
          className={tabClass(tab === 'issues')}
          onClick={() => setTab('issues')}
        >
          {t.issues}
        </button>
        <button
          type="button"
          role="tab"
          id="tab-ads"
          aria-selected={tab === 'ads'}
          aria-controls="panel-ads"
          className={tabClass(tab === 'ads')}
          onClick={() => setTab('ads')}
        >
          {t.ads}
        </button>
      </div>
      {tab === 'issues' ? (
        <div role="tabpanel" id="panel-issues" aria-labelledby="tab-issues" className="space-y-6">
          {editing === null ? (
            <Button onClick={() => setEditing('new')}>
              <Plus className="h-4 w-4" aria-hidden /> {t.addIssue}
            </Button>
          ) : (
            <IssueForm
              key={editing === 'new' ? 'new' : editing.id}
              issue={editing === 'new' ? undefined : editing}
              onDone={() => setEditing(null)}
            />
          )}
          <QueryState
            query={issues}
            loading={<LoadingState rows={3} height="h-16" />}
            errorTitle={t.loadError}
            empty={t.empty}
            emptyBody={t.emptyBody}
          >
            {(data) => (
              <IssueList
                issues={data}
                onEdit={(issue) => {
                  setEditing(issue);
                  window.scrollTo({ top: 0, behavior: 'smooth' });
                }}
              />
            )}
          </QueryState>
        </div>
      ) : (
        <div role="tabpanel" id="panel-ads" aria-labelledby="tab-ads">
          <AdsPanel />
        </div>
      )}
    </div>
  );
}
