// A member's status (spec §4: Check, Yes, No) as the kit's badge, in words.
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { adminText as text } from '../text';

const TONES: Record<string, BadgeTone> = { Check: 'warning', Yes: 'success', No: 'danger' };

export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={TONES[status] ?? 'neutral'}>{text.statusLabels[status] ?? status}</Badge>;
}
