import { NotFoundState } from '@/components/ui/states';
import { adminText } from '@/features/admin';

export function Component() {
  return (
    <NotFoundState
      title={adminText.notFound}
      body={adminText.notFoundBody}
      back={{ to: '/admin', label: adminText.dashboard }}
    />
  );
}
