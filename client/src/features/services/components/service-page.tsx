import { ButtonLink, buttonClass } from '@/components/ui/button';
import { Card, Page, PageHeader } from '@/components/ui/states';
import type { ServicePage as Data } from '../text';

export function ServicePage({ page }: { page: Data }) {
  return (
    <Page>
      <PageHeader title={page.title}>{page.intro}</PageHeader>
      <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        {page.sections.map((s) => (
          <Card key={s.heading}>
            <h2 className="font-serif text-xl font-bold">{s.heading}</h2>
            <p className="mt-2 text-stone-800">{s.body}</p>
          </Card>
        ))}
      </div>
      <div className="mt-8 flex flex-wrap gap-3">
        {page.actions.map((a, i) =>
          a.external ? (
            <a key={a.to} href={a.to} className={buttonClass(i === 0 ? 'primary' : 'secondary')}>
              {a.label}
            </a>
          ) : (
            <ButtonLink key={a.to} to={a.to} variant={i === 0 ? 'primary' : 'secondary'}>
              {a.label}
            </ButtonLink>
          ),
        )}
      </div>
    </Page>
  );
}
