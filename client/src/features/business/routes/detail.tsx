import { ArrowLeft } from 'lucide-react';
import { useParams } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { Card, ErrorState, LoadingState, Page } from '@/components/ui/states';
import { dataMessage } from '@/lib/errors';
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
      ) : business.isPending ? (
        <LoadingState rows={2} />
      ) : business.isError ? (
        <ErrorState message={dataMessage(business.error)} onRetry={() => business.refetch()} />
      ) : !business.data ? (
        notFound
      ) : (
        <article>
          <p className="text-sm font-semibold tracking-wide text-orange-900 uppercase">
            {business.data.category}
          </p>
          <h1 className="font-serif text-3xl font-bold">{business.data.business_name}</h1>
          {business.data.description && (
            <p className="mt-3 max-w-3xl text-lg text-stone-800">{business.data.description}</p>
          )}
          <Card className="mt-6 max-w-xl">
            <dl className="grid grid-cols-[7rem_1fr] gap-y-2 text-sm">
              {business.data.owner_name && (
                <>
                  <dt className="font-semibold">{text.owner}</dt>
                  <dd>{business.data.owner_name}</dd>
                </>
              )}
              {business.data.phone && (
                <>
                  <dt className="font-semibold">{text.phone}</dt>
                  <dd>
                    <a className="underline" href={`tel:${business.data.phone.replace(/\s/g, '')}`}>
                      {business.data.phone}
                    </a>
                  </dd>
                </>
              )}
              {business.data.email && (
                <>
                  <dt className="font-semibold">{text.email}</dt>
                  <dd>
                    <a className="underline" href={`mailto:${business.data.email}`}>
                      {business.data.email}
                    </a>
                  </dd>
                </>
              )}
              {business.data.website && (
                <>
                  <dt className="font-semibold">{text.website}</dt>
                  <dd>
                    <a
                      className="underline"
                      href={business.data.website}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      {business.data.website}
                    </a>
                  </dd>
                </>
              )}
              {(business.data.address || business.data.city) && (
                <>
                  <dt className="font-semibold">{text.address}</dt>
                  <dd>
                    {[business.data.address, business.data.city, business.data.pincode]
                      .filter(Boolean)
                      .join(', ')}
                  </dd>
                </>
              )}
            </dl>
          </Card>
        </article>
      )}
    </Page>
  );
}
