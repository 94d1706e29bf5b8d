// /admin/havyaka-sandesh: the magazine's issues (by year and month; PDF upload, publish,
// feature, downloads) and its advertisement rate card. Sandesha managers and admins write
// (the policies decide); the public archive shows a published issue at once.
import { useState } from 'react';
import { QueryState } from '@/components/ui/query-state';
import { LoadingState } from '@/components/ui/states';
import { ScreenTabs } from '@/components/ui/screen-tabs';
import { adminText as t } from '../admin-text';
import { useAdminIssues } from '../api/admin-sandesha';
import type { Issue } from '../api/sandesha';
import { AdsPanel } from '../components/admin/ads-panel';
import { IssueForm } from '../components/admin/issue-form';
import { IssueList } from '../components/admin/issue-list';
import { AddOrEdit } from '@/components/add-or-edit';

type Tab = 'issues' | 'ads';

export function Component() {
  const [tab, setTab] = useState<Tab>('issues');
  const [editing, setEditing] = useState<Issue | 'new' | null>(null);
  const issues = useAdminIssues();
  return (
    <div>
      <ScreenTabs<Tab>
        title={t.title}
        intro={t.intro}
        tabs={[
          { key: 'issues', label: t.issues },
          { key: 'ads', label: t.ads },
        ]}
        active={tab}
        panel={(key) => `panel-${key}`}
        onSelect={setTab}
      />
      {tab === 'issues' ? (
        <div role="tabpanel" id="panel-issues" aria-labelledby="tab-issues" className="space-y-6">
          <AddOrEdit
            editing={editing}
            setEditing={setEditing}
            addLabel={t.addIssue}
            form={(row, done) => <IssueForm issue={row} onDone={done} />}
          />
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
