// /admin/finance: the overview, bank statements (import, match, confirm), Form 10BD, the
// receipts (each PDF and the donor's year statement), cash and cheques with a donor picker,
// Form 10BE files and the trust's details, one tab each (the tab in the URL); a link to the
// membership card scanner.
import { ScanLine } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Notice } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/states';
import { useAuth } from '@/lib/auth';
import { useTrustFinance } from '../api/money';
import { FinanceOverview } from '../components/finance-overview';
import { Form10bd } from '../components/form-10bd';
import { Form10be } from '../components/form-10be';
import { RecordCash } from '../components/record-cash';
import { ReceiptList } from '../components/receipt-list';
import { StatementImport } from '../components/statement-import';
import { TrustDetailsForm } from '../components/trust-details-form';
import { text } from '../text';

const TABS = [
  'overview',
  'statements',
  'record',
  'form10bd',
  'form10be',
  'receipts',
  'trust',
] as const;
type Tab = (typeof TABS)[number];

export function Component() {
  const auth = useAuth();
  const isAdmin = auth.user?.type === 'admin' || auth.user?.type === 'super_admin';
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as Tab)
    : 'overview';
  const trust = useTrustFinance();
  return (
    <div>
      <PageHeader title={text.finance.title}>{text.finance.intro}</PageHeader>
      <p className="mb-4 text-sm">
        <Link
          to="/admin/card-scanner"
          className="inline-flex min-h-11 items-center gap-2 font-semibold text-orange-800 hover:underline"
        >
          <ScanLine className="h-4 w-4" aria-hidden /> {text.finance.scanner}
        </Link>{' '}
        <span className="text-stone-700">{text.finance.scannerHint}</span>
      </p>
      {!isAdmin ? (
        <Notice>{text.finance.adminsOnly}</Notice>
      ) : (
        <>
          <div role="tablist" aria-label={text.finance.title} className="mb-4 flex flex-wrap gap-2">
            {TABS.map((t) => (
              <button
                key={t}
                type="button"
                role="tab"
                aria-selected={tab === t}
                onClick={() => setParams({ tab: t })}
                className={`min-h-11 rounded-md px-4 text-sm font-semibold ${
                  tab === t ? 'bg-orange-800 text-white' : 'border border-stone-300 bg-white'
                }`}
              >
                {text.finance.tabs[t]}
              </button>
            ))}
          </div>
          <div role="tabpanel">
            {tab === 'overview' && <FinanceOverview />}
            {tab === 'statements' && <StatementImport />}
            {tab === 'record' && <RecordCash />}
            {tab === 'form10bd' && <Form10bd />}
            {tab === 'form10be' && <Form10be />}
            {tab === 'receipts' && <ReceiptList />}
            {tab === 'trust' && trust.data && <TrustDetailsForm trust={trust.data} />}
          </div>
        </>
      )}
    </div>
  );
}
