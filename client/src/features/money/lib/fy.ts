// The Indian financial year (April to March) of a date, as the database writes it: 2026-27.
export function financialYear(date: Date): string {
  const year = date.getFullYear();
  const start = date.getMonth() >= 3 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** The last few financial years, newest first. */
export function recentFinancialYears(today: Date, count = 4): string[] {
  const first = Number(financialYear(today).slice(0, 4));
  return Array.from({ length: count }, (_, i) => {
    const start = first - i;
    return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
  });
}
