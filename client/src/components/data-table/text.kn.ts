import type { Words } from '@/lib/i18n/words';
import type { text as en } from './text';

export const text = {
  loading: 'ಲೋಡ್ ಆಗುತ್ತಿದೆ…',
  emptyTitle: 'ತೋರಿಸಲು ಏನೂ ಇಲ್ಲ',
  emptyFiltered: 'ಈ ಆಯ್ಕೆಗಳಿಗೆ ಹೊಂದುವ ಸಾಲುಗಳಿಲ್ಲ.',
  errorTitle: 'ಈ ಪಟ್ಟಿಯನ್ನು ತೆರೆಯಲಾಗಲಿಲ್ಲ',
  selectAll: 'ಈ ಪುಟದ ಎಲ್ಲ ಸಾಲುಗಳನ್ನು ಆಯ್ಕೆಮಾಡಿ',
  selectRow: (label: string) => `${label} ಆಯ್ಕೆಮಾಡಿ`,
  rowFallback: (n: number) => `ಸಾಲು ${n}`,
  selected: (n: number) => `${n} ಆಯ್ಕೆಯಾಗಿದೆ`,
  total: (n: number) => `ಒಟ್ಟು ${n} ಸಾಲು`,
  clearSelection: 'ಆಯ್ಕೆ ತೆರವುಗೊಳಿಸಿ',
  sortLabel: 'ಕ್ರಮಗೊಳಿಸುವ ಆಧಾರ',
  sortDefault: 'ಸಾಮಾನ್ಯ ಕ್ರಮ',
  sortOption: (label: string, desc: boolean) => `${label} (${desc ? 'ಇಳಿಕೆ ಕ್ರಮ' : 'ಏರಿಕೆ ಕ್ರಮ'})`,
  pagination: 'ಪುಟಗಳು',
  previous: 'ಹಿಂದಿನ ಪುಟ',
  next: 'ಮುಂದಿನ ಪುಟ',
  first: 'ಮೊದಲ ಪುಟ',
  last: 'ಕೊನೆಯ ಪುಟ',
  pageOf: (page: number, pages: number) => `${pages} ಪುಟಗಳಲ್ಲಿ ${page}ನೇ ಪುಟ`,
  showing: (from: number, to: number, total: number) =>
    total === 0 ? 'ಫಲಿತಾಂಶಗಳಿಲ್ಲ' : `${total} ರಲ್ಲಿ ${from}–${to} ತೋರಿಸಲಾಗಿದೆ`,
  rowsPerPage: 'ಪ್ರತಿ ಪುಟದ ಸಾಲುಗಳು',
  search: 'ಹುಡುಕಿ',
  filters: 'ಆಯ್ಕೆಗಳು',
  resetFilters: 'ಆಯ್ಕೆಗಳನ್ನು ತೆರವುಗೊಳಿಸಿ',
  exportCsv: 'CSV ಡೌನ್‌ಲೋಡ್',
  exporting: 'ಸಿದ್ಧಪಡಿಸಲಾಗುತ್ತಿದೆ…',
  exported: (n: number) => `${n} ಸಾಲು ಡೌನ್‌ಲೋಡ್ ಆಗಿದೆ`,
  all: 'ಎಲ್ಲವೂ',
} satisfies Words<typeof en>;
