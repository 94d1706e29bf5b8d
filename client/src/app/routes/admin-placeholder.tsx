import { Construction } from 'lucide-react';
import { Card } from '@/components/ui/states';
import { adminText } from '@/features/admin';

/** A designed placeholder for an admin screen a later issue builds. */
export function adminPlaceholder(title: string) {
  return function AdminPlaceholder() {
    return (
      <div>
        <h1 className="font-serif text-2xl font-bold">{title}</h1>
        <Card className="mt-6 flex items-start gap-4">
          <Construction className="h-8 w-8 shrink-0 text-orange-800" aria-hidden />
          <p className="text-stone-700">{adminText.placeholder(title)}</p>
        </Card>
      </div>
    );
  };
}
