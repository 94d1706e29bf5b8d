import { Briefcase, MapPin, Star } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Field } from '@/components/ui/field';
import { TextBox } from '@/components/ui/text-box';
import { QueryState } from '@/components/ui/query-state';
import { Page, PageHeader } from '@/components/ui/states';
import { filterBusinesses, useBusinesses, useBusinessNameMatches } from '../api/business';
import { text } from '../text';
import { CardGrid } from '@/components/ui/card-grid';

export function Component() {
  const list = useBusinesses();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const categories = [
    ...new Set((list.data ?? []).map((b) => b.category).filter(Boolean)),
  ] as string[];
  const names = useBusinessNameMatches(search);
  const shown = filterBusinesses(
    list.data ?? [],
    search,
    category,
    search.trim() ? (names.data ?? []) : [],
  );
  return (
    <Page>
      <PageHeader title={text.title}>{text.intro}</PageHeader>
      <div className="mb-6 grid gap-3 sm:grid-cols-[1fr_14rem]">
        <TextBox
          id="business-search"
          label={text.search}
          type="search"
          placeholder={text.searchPlaceholder}
          value={search}
          onValue={setSearch}
        />
        <Field id="business-category" label={text.category}>
          <select value={category} onChange={(e) => setCategory(e.target.value)}>
            <option value="">{text.allCategories}</option>
            {categories.sort().map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </Field>
      </div>
      <QueryState
        query={list}
        errorTitle={text.loadError}
        empty={text.empty}
        emptyBody={text.emptyBody}
        isEmpty={() => shown.length === 0}
      >
        {() => (
          <CardGrid items={shown} testId="business-list">
            {(b) => (
              <article className="h-full rounded-lg border border-stone-200 bg-white p-5 shadow-sm">
                <div className="flex items-start gap-3">
                  <Briefcase className="h-8 w-8 shrink-0 text-orange-800" aria-hidden />
                  <div>
                    <h2 className="font-serif text-lg font-bold">
                      <Link to={`/resources/business/${b.id}`} className="hover:underline">
                        {b.business_name}
                      </Link>
                    </h2>
                    <p className="text-sm text-stone-600">{b.category}</p>
                  </div>
                </div>
                {b.is_featured && (
                  <span className="mt-2 inline-flex items-center gap-1 rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                    <Star className="h-3 w-3" aria-hidden /> {text.featured}
                  </span>
                )}
                {b.description && <p className="mt-2 text-sm text-stone-700">{b.description}</p>}
                {b.city && (
                  <p className="mt-2 flex items-center gap-1 text-sm text-stone-600">
                    <MapPin className="h-4 w-4" aria-hidden /> {b.city}
                  </p>
                )}
              </article>
            )}
          </CardGrid>
        )}
      </QueryState>
    </Page>
  );
}
