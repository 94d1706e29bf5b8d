import { useParams } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { Card, ErrorState, LoadingState, Page } from '@/components/ui/states';
import { dataMessage } from '@/lib/errors';
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
      {member.isPending ? (
        <LoadingState rows={2} />
      ) : member.isError ? (
        <ErrorState message={dataMessage(member.error)} onRetry={() => member.refetch()} />
      ) : !member.data ? (
        <h1 className="py-12 text-center font-serif text-3xl font-bold">{text.notFound}</h1>
      ) : (
        <>
          <h1 className="font-serif text-3xl font-bold">{member.data.full_name}</h1>
          <Card className="mt-6 max-w-xl">
            <dl className="grid grid-cols-[9rem_1fr] gap-y-2 text-sm">
              {(
                [
                  [text.membershipNo, member.data.membership_no ?? member.data.unique_id],
                  [text.mobile, member.data.mobile_number],
                  [text.email, member.data.email],
                  [text.profession, member.data.profession],
                  [text.nativePlace, member.data.native_place],
                  [text.gotra, member.data.gotra],
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
      )}
    </Page>
  );
}
