import { Link } from 'react-router';
import { quickLinks, text } from '../text';
import { TitledSection } from '@/components/ui/section';

export function QuickLinks() {
  return (
    <TitledSection id="quick-links" title={text.quickLinks}>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {quickLinks.map((l) => (
          <li key={l.to}>
            <Link
              to={l.to}
              className="block h-full rounded-lg border border-stone-200 bg-white p-4 hover:border-orange-700 hover:bg-orange-50"
            >
              <span className="block font-semibold text-orange-900">{l.label}</span>
              <span className="block text-sm text-stone-700">{l.body}</span>
            </Link>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
