import { useParams } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { QueryState } from '@/components/ui/query-state';
import { Card, LoadingState, Page } from '@/components/ui/states';
import { useMember } from '../api/members';
import { text } from '../text';

export function Component() {
  const { id = '' } = useParams();
  const member = useMember(id);
  return (
    <Page>
      <ButtonLink to="/dashboard/member" variant="ghost" className="mb-4 -ml-3">
        {text.back}
      </ButtonLink>
      <QueryState query={member} loading={<LoadingState rows={2} />}>
        {(m) =>
          !m ? (
            <h1 className="py-12 text-center font-serif text-3xl font-bold">{text.notFound}</h1>
          ) : (
            <>
              <h1 className="font-serif text-3xl font-bold">{m.full_name}</h1>
              <Card className="mt-6 max-w-xl">
                <dl className="grid grid-cols-[9rem_1fr] gap-y-2 text-sm">
                  {(
                    [
                      [text.membershipNo, m.membership_no ?? m.unique_id],
                      [text.mobile, m.mobile_number],
                      [text.email, m.email],
                      [text.profession, m.profession],
                      [text.nativePlace, m.native_place],
                      [text.gotra, m.gotra],
                    ] as [string, string | null][]
                  )
                    .filter(([, v]) => v)
                    .map(([k, v]) => (
                      <div key={k} className="contents">
                        <dt className="font-semibold">{k}</dt>
                        <dd>{v}</dd>
                      </div>
                    ))}
                </dl>
              </Card>
            </>
          )
        }
      </QueryState>
    </Page>
  );
}
