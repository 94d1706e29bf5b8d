import { useState, type ChangeEvent } from 'react';
import { Field } from '@/components/ui/field';
import { Pager } from '@/components/ui/pager';
import { QueryState } from '@/components/ui/query-state';
import { Page, PageHeader } from '@/components/ui/states';
import { PAGE_SIZE, usePublicMembers } from '../api/members';
import { text } from '../text';

export function Component() {
  const [search, setSearch] = useState('');
  const [city, setCity] = useState('');
  const [page, setPage] = useState(1);
  const members = usePublicMembers({ search, city, page });
  // A new search starts at its first page.
  const onFilter = (set: (v: string) => void, e: ChangeEvent<HTMLInputElement>) => {
    set(e.target.value);
    setPage(1);
  };
  return (
    <Page>
      <PageHeader title={text.title}>{text.intro}</PageHeader>
      <div className="mb-6 grid gap-3 sm:grid-cols-[1fr_14rem]">
        <Field id="member-search" label={text.search}>
          <input type="search" value={search} onChange={(e) => onFilter(setSearch, e)} />
        </Field>
        <Field id="member-city" label={text.city}>
          <input type="search" value={city} onChange={(e) => onFilter(setCity, e)} />
        </Field>
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
            <Pager page={page} onPage={setPage} last={data.length < PAGE_SIZE} labels={text}>
              <span className="text-sm">{text.page(page)}</span>
            </Pager>
          </>
        )}
      </QueryState>
    </Page>
  );
}
