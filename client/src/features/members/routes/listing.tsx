import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { controlClass } from '@/components/ui/field';
import { QueryState } from '@/components/ui/query-state';
import { Page, PageHeader } from '@/components/ui/states';
import { PAGE_SIZE, usePublicMembers } from '../api/members';
import { text } from '../text';

export function Component() {
  const [search, setSearch] = useState('');
  const [city, setCity] = useState('');
  const [page, setPage] = useState(1);
  const members = usePublicMembers({ search, city, page });
  return (
    <Page>
      <PageHeader title={text.title}>{text.intro}</PageHeader>
      <div className="mb-6 grid gap-3 sm:grid-cols-[1fr_14rem]">
        <div>
          <label htmlFor="member-search" className="mb-1 block text-sm font-semibold">
            {text.search}
          </label>
          <input
            id="member-search"
            type="search"
            className={controlClass}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </div>
        <div>
          <label htmlFor="member-city" className="mb-1 block text-sm font-semibold">
            {text.city}
          </label>
          <input
            id="member-city"
            type="search"
            className={controlClass}
            value={city}
            onChange={(e) => {
              setCity(e.target.value);
              setPage(1);
            }}
          />
        </div>
      </div>
      <QueryState query={members} errorTitle={text.loadError} empty={text.empty}>
        {(data) => (
          <>
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="members-list">
              {data.map((m) => (
                <li key={m.id} className="rounded-lg border border-stone-200 bg-white p-4">
                  <p className="font-semibold">{m.full_name}</p>
                  <p className="text-sm text-stone-600">
                    {m.unique_id} · {text.types[m.member_type] ?? m.member_type}
                  </p>
                  <p className="text-sm text-stone-700">
                    {[m.profession, m.city, m.native_place].filter(Boolean).join(' · ')}
                  </p>
                </li>
              ))}
            </ul>
            <div className="mt-6 flex items-center justify-between">
              <Button
                variant="secondary"
                disabled={page === 1}
                onClick={() => setPage((p) => p - 1)}
              >
                {text.previous}
              </Button>
              <span className="text-sm">{text.page(page)}</span>
              <Button
                variant="secondary"
                disabled={data.length < PAGE_SIZE}
                onClick={() => setPage((p) => p + 1)}
              >
                {text.next}
              </Button>
            </div>
          </>
        )}
      </QueryState>
    </Page>
  );
}
