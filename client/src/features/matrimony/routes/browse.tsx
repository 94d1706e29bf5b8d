// /matrimony/browse: approved profiles (policies show nobody else, and only to approved
// registrants), the other gender by default; filters for age, height, qualification, place
// and "exclude my gotra" kept in the URL; 12 a page.
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Pager } from '@/components/ui/pager';
import { Field } from '@/components/ui/field';
import {
  Card,
  EmptyState,
  ErrorState,
  LoadingState,
  Page,
  PageHeader,
} from '@/components/ui/states';
import { dataMessage } from '@/lib/errors';
import { ageOn } from '@/lib/validation/parsers';
import { PAGE_SIZE, useBrowse, useOwnProfile, type BrowseFilters } from '../api/profiles';
import { ProfilePhoto } from '../components/profile-photo';
import { pagesText as t } from '../pages-text';
import { CardGrid } from '@/components/ui/card-grid';

type FilterKey = 'ageFrom' | 'ageTo' | 'heightFrom' | 'heightTo';

export function Component() {
  const own = useOwnProfile();
  const [params, setParams] = useSearchParams();
  const other =
    own.data?.gender === 'male' ? 'female' : own.data?.gender === 'female' ? 'male' : '';
  const filters: BrowseFilters = {
    gender: params.get('gender') ?? other,
    ageFrom: params.get('ageFrom') ?? '',
    ageTo: params.get('ageTo') ?? '',
    heightFrom: params.get('heightFrom') ?? '',
    heightTo: params.get('heightTo') ?? '',
    qualification: params.get('qualification') ?? '',
    place: params.get('place') ?? '',
    excludeGotra: params.get('excludeGotra') === '1' ? (own.data?.gotra ?? '') : '',
    page: Math.max(1, Number(params.get('page') ?? 1) || 1),
  };
  const list = useBrowse(filters, own.data?.id);
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    setParams(next, { replace: true });
  };
  const pages = Math.max(1, Math.ceil((list.data?.count ?? 0) / PAGE_SIZE));
  const num = (key: FilterKey, label: string) => (
    <Field label={label}>
      <input
        inputMode="numeric"
        value={params.get(key) ?? ''}
        onChange={(e) => set(key, e.target.value.replace(/\D/g, ''))}
      />
    </Field>
  );
  return (
    <Page>
      <PageHeader title={t.browseTitle}>{t.browseIntro}</PageHeader>
      <Card className="mb-6">
        <h2 className="sr-only">{t.filters}</h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Field label={t.lookingFor}>
            <select
              value={params.get('gender') ?? other}
              onChange={(e) => set('gender', e.target.value)}
            >
              <option value="female">{t.bride}</option>
              <option value="male">{t.groom}</option>
              <option value="">{t.anyone}</option>
            </select>
          </Field>
          {num('ageFrom', t.ageFrom)}
          {num('ageTo', t.ageTo)}
          {num('heightFrom', t.heightFrom)}
          {num('heightTo', t.heightTo)}
          <Field label={t.qualification}>
            <input
              value={params.get('qualification') ?? ''}
              onChange={(e) => set('qualification', e.target.value)}
            />
          </Field>
          <Field label={t.place}>
            <input
              value={params.get('place') ?? ''}
              onChange={(e) => set('place', e.target.value)}
            />
          </Field>
          <div className="flex items-end gap-2 pb-2">
            <input
              id="exclude-gotra"
              type="checkbox"
              className="h-5 w-5 accent-orange-800"
              disabled={!own.data?.gotra}
              checked={params.get('excludeGotra') === '1'}
              onChange={(e) => set('excludeGotra', e.target.checked ? '1' : '')}
            />
            <label htmlFor="exclude-gotra" className="text-sm font-semibold">
              {t.excludeGotra}
            </label>
          </div>
        </div>
        <Button
          variant="ghost"
          className="mt-2"
          onClick={() => setParams(new URLSearchParams(), { replace: true })}
        >
          {t.clear}
        </Button>
      </Card>
      {(own.isPending || list.isPending) && <LoadingState rows={3} height="h-40" />}
      {list.isError && (
        <ErrorState
          message={`${t.loadError} ${dataMessage(list.error)}`}
          onRetry={() => list.refetch()}
        />
      )}
      {list.data && list.data.rows.length === 0 && (
        <EmptyState title={t.empty}>{t.emptyBody}</EmptyState>
      )}
      {list.data && list.data.rows.length > 0 && (
        <>
          <p className="mb-3 text-sm text-stone-700" aria-live="polite">
            {t.results(list.data.count)}
          </p>
          <CardGrid items={list.data.rows} testId="profiles">
            {(p) => (
              <Link
                to={`/profile/matrimony/${p.id}`}
                className="block rounded-lg border border-stone-200 bg-white p-3 shadow-sm hover:border-orange-700"
              >
                <ProfilePhoto url={p.photo_url} name={`${p.first_name} ${p.surname}`} />
                <p className="mt-2 font-serif text-lg font-bold">
                  {p.first_name} {p.surname}
                </p>
                <p className="text-sm text-stone-700">
                  {t.years(ageOn(p.date_of_birth))}
                  {p.height ? ` · ${p.height}` : ''}
                </p>
                <p className="text-sm text-stone-700">
                  {[p.qualification, p.occupation].filter(Boolean).join(', ')}
                </p>
                <p className="text-sm text-stone-600">
                  {[p.place, p.native_place].filter(Boolean).join(' · ')}
                </p>
                <span className="sr-only">{t.view}</span>
              </Link>
            )}
          </CardGrid>
          <Pager
            page={filters.page}
            onPage={(page) => {
              // Back replaces the entry (as a filter change does); forward adds one.
              if (page < filters.page) return set('page', String(page));
              const next = new URLSearchParams(params);
              next.set('page', String(page));
              setParams(next);
            }}
            last={filters.page >= pages}
            labels={{ previous: t.previous, next: t.next, pagination: t.pagination }}
          >
            <span className="text-sm">{t.pageOf(filters.page, pages)}</span>
          </Pager>
        </>
      )}
    </Page>
  );
}
