// An application's approval as the kit's badge, in words.
import { Badge, statusTone } from '@/components/ui/badge';
import { adminText as text } from '../admin-text';

export function ApprovalBadge({ status }: { status: string }) {
  return <Badge tone={statusTone(status)}>{text.approvalLabels[status] ?? status}</Badge>;
}
