import { ArrowLeft } from 'lucide-react';
import { useParams } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { QueryState } from '@/components/ui/query-state';
import { Card, LoadingState, Page } from '@/components/ui/states';
import { useBusiness } from '../api/business';
import { text } from '../text';

export function Component() {
  const { id = '' } = useParams();
  const business = useBusiness(id);
  const notFound = (
    <div className="py-12 text-center">
      <h1 className="font-serif text-3xl font-bold">{text.notFound}</h1>
      <p className="mt-2 text-stone-700">{text.notFoundBody}</p>
    </div>
  );
  return (
    <Page>
      <ButtonLink to="/resources/business" variant="ghost" className="mb-4 -ml-3">
        <ArrowLeft className="h-4 w-4" aria-hidden /> {text.back}
      </ButtonLink>
      {!/^[0-9a-f-]{36}$/i.test(id) ? (
        notFound
      ) : (
        <QueryState query={business} loading={<LoadingState rows={2} />}>
          {(b) =>
            !b ? (
              notFound
            ) : (
              <article>
                <p className="text-sm font-semibold tracking-wide text-orange-900 uppercase">
                  {b.category}
                </p>
                <h1 className="font-serif text-3xl font-bold">{b.business_name}</h1>
                {b.description && (
                  <p className="mt-3 max-w-3xl text-lg text-stone-800">{b.description}</p>
                )}
                <Card className="mt-6 max-w-xl">
                  <dl className="grid grid-cols-[7rem_1fr] gap-y-2 text-sm">
                    {b.owner_name && (
                      <>
                        <dt className="font-semibold">{text.owner}</dt>
                        <dd>{b.owner_name}</dd>
                      </>
                    )}
                    {b.phone && (
                      <>
                        <dt className="font-semibold">{text.phone}</dt>
                        <dd>
                          <a className="underline" href={`tel:${b.phone.replace(/\s/g, '')}`}>
                            {b.phone}
                          </a>
                        </dd>
                      </>
                    )}
                    {b.email && (
                      <>
                        <dt className="font-semibold">{text.email}</dt>
                        <dd>
                          <a className="underline" href={`mailto:${b.email}`}>
                            {b.email}
                          </a>
                        </dd>
                      </>
                    )}
                    {b.website && (
                      <>
                        <dt className="font-semibold">{text.website}</dt>
                        <dd>
                          <a
                            className="underline"
                            href={b.website}
                            target="_blank"
                            rel="noopener noreferrer"
                          >
                            {b.website}
                          </a>
                        </dd>
                      </>
                    )}
                    {(b.address || b.city) && (
                      <>
                        <dt className="font-semibold">{text.address}</dt>
                        <dd>{[b.address, b.city, b.pincode].filter(Boolean).join(', ')}</dd>
                      </>
                    )}
                  </dl>
                </Card>
              </article>
            )
          }
        </QueryState>
      )}
    </Page>
  );
}
